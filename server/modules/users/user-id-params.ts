import { z } from 'zod';

/** `:id` in /api/users/:id/... */
export const userIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
