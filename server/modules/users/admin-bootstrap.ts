import { randomBytes } from 'node:crypto';
import { ADMIN_USER_ID } from '@shared/contracts/users';
import type { AccountsConfig } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/http-error';
import type { Logger } from '../../logger';
import { newUserRow } from './auth.service';
import type { UsersRepository } from './users.repository';

const BUSY_RETRIES = 20;
const BUSY_PAUSE_MS = 500;

/**
 * Password hashing answers "busy" after a short wait so a login is refused rather than answered
 * after its user gave up; the first start is no login. Instances starting at once on a loaded host
 * queue their administrator's hash behind each other, and the start must wait for it, not fail.
 */
export async function whileHashingBusy<T>(work: () => Promise<T>, pauseMs = BUSY_PAUSE_MS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const busy = error instanceof HttpError && error.status === 429;
      if (!busy || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/**
 * On the first start (no users yet) creates the administrator, who must be user 1 (spec §3/§4).
 * Without ADMIN_PASSWORD a random password is generated and written to the log this one time.
 */
export async function bootstrapAdmin(
  users: UsersRepository,
  admin: AccountsConfig['admin'],
  logger: Logger,
  now = new Date(),
): Promise<void> {
  if ((await users.count()) > 0) return;
  const password = admin.password ?? randomBytes(15).toString('base64url');
  const row = await whileHashingBusy(() =>
    newUserRow(
      { userName: admin.userName, email: admin.email, nickName: admin.userName, password, roles: ['admin'], permissions: ['*'] },
      now,
    ),
  );
  let userId: number;
  try {
    userId = await users.insert(row);
  } catch (error) {
    // Instances starting at once on one PostgreSQL database: another one made the administrator first.
    if (isUniqueViolation(error) && (await users.count()) > 0) return;
    throw error;
  }
  if (userId !== ADMIN_USER_ID) throw new Error(`The administrator got user id ${userId}, expected ${ADMIN_USER_ID}`);
  if (admin.password) logger.info({ userName: admin.userName }, 'administrator account created with ADMIN_PASSWORD');
  else
    logger.warn(
      `ADMIN ACCOUNT CREATED (shown only this once) — user name: ${admin.userName}  password: ${password}  — log in and change it`,
    );
}
