import { z } from 'zod';
import type { ServerMessageKey } from '@shared/contracts/server-messages';

const INVALID_USER_ID = 'users.userId' satisfies ServerMessageKey;

/** `:id` in /api/users/:id/... */
export const userIdParams = z.object({
  id: z.coerce.number(INVALID_USER_ID).int(INVALID_USER_ID).min(1, INVALID_USER_ID).max(Number.MAX_SAFE_INTEGER, INVALID_USER_ID),
});
