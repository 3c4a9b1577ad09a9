import type { Db } from '../../db/database';
import type { AccessTokens } from './access-token';
import { createCaptchaRepository } from './captcha.repository';
import { createSessionService } from './session.service';
import { createSessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';

/** The account tables a multi-write action touches, all on one database handle: the pool or one transaction. */
export function accountStores(db: Db, accessTokens: AccessTokens) {
  const users = createUsersRepository(db);
  return {
    users,
    captchas: createCaptchaRepository(db),
    sessions: createSessionService(createSessionsRepository(db), users, accessTokens),
  };
}

export type AccountStores = ReturnType<typeof accountStores>;

/**
 * Runs `work` in one transaction: every write it makes lands, or none does. Inside, use only the
 * stores handed to `work` — on SQLite the transaction holds the one connection, so a query through
 * the service's own repositories would wait for it for ever. Slow steps (password hashing) and
 * writes meant to survive a failure (wrong-code counts, the login log) stay outside.
 */
export type AccountsTransaction = <T>(work: (stores: AccountStores) => Promise<T>) => Promise<T>;

export function accountsTransaction(db: Db, accessTokens: AccessTokens): AccountsTransaction {
  return (work) => db.transaction().execute((trx) => work(accountStores(trx, accessTokens)));
}
