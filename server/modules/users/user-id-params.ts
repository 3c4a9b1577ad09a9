import { z } from 'zod';

const INVALID_USER_ID = '用户编号无效 / Not a valid user id';

/** `:id` in /api/users/:id/... */
export const userIdParams = z.object({ id: z.coerce.number(INVALID_USER_ID).int(INVALID_USER_ID).min(1, INVALID_USER_ID).max(Number.MAX_SAFE_INTEGER, INVALID_USER_ID) });
