import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginRequest, RegisterRequest, TokenPair } from '@shared/contracts/users';
import { isUniqueViolation } from '../../db/errors';
import type { Logger } from '../../logger';
import type { AccountsTransaction } from './account-stores';
import { claimCode } from './captcha.service';
import type { CaptchaService } from './captcha.service';
import type { LoginLogsRepository } from './login-logs.repository';
import { MSG, badRequest } from './messages';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
import type { SessionService } from './session.service';
import type { UsersRepository } from './users.repository';

/** Where a request came from, for the login log. */
export interface ClientOrigin {
  ip: string;
  userAgent: string;
}

/** The demo user's name and email cannot be registered: '.' is outside USER_NAME_PATTERN and .invalid gets no mail. */
export const DEMO_USER = { userName: 'baibao.demo', email: 'demo@baibao.invalid', nickName: '演示账号 Demo' } as const;

const MAX_USER_AGENT_LENGTH = 512;

/** A new user's row; settings start empty so the client keeps its defaults. */
export async function newUserRow(
  fields: { userName: string; email: string; nickName: string; password: string; roles: string[]; permissions?: string[] },
  now: Date,
) {
  const timestamp = now.toISOString();
  return {
    user_name: fields.userName,
    email: fields.email.toLowerCase(),
    nick_name: fields.nickName,
    password_hash: await hashPassword(fields.password),
    enabled: 1,
    roles: JSON.stringify(fields.roles),
    permissions: JSON.stringify(fields.permissions ?? []),
    avatar: '',
    ad_coin: 0,
    res_score: 0,
    settings: '{}',
    created_at: timestamp,
    updated_at: timestamp,
    last_login_at: null,
  };
}

export function createAuthService(deps: {
  users: UsersRepository;
  sessions: SessionService;
  captcha: CaptchaService;
  loginLogs: LoginLogsRepository;
  transaction: AccountsTransaction;
  logger: Logger;
}) {
  const { users, sessions, captcha, loginLogs, transaction, logger } = deps;

  const findByAccount = (account: string) => (account.includes('@') ? users.findByEmail(account) : users.findByUserName(account));

  /**
   * Best-effort: the log is a record for the user, not the point of the call, so a failed write (a
   * full disk) must not turn a right password into a 500. The session write that follows still has to work.
   */
  async function log(userId: number | undefined, account: string, origin: ClientOrigin, result: 'success' | 'failure', now: Date) {
    await loginLogs
      .insert({
        id: randomUUID(),
        user_id: userId ?? null,
        account: account.slice(0, 254),
        login_time: now.toISOString(),
        ip: origin.ip,
        user_agent: origin.userAgent.slice(0, MAX_USER_AGENT_LENGTH),
        result,
      })
      .catch((error: unknown) => logger.warn({ err: error, result }, 'login log not written'));
  }

  /** Throws the visitor's message when the name (any case) or the email already has an account. */
  async function refuseTaken({ userName, email }: { userName: string; email: string }): Promise<void> {
    if (await users.findByUserName(userName)) throw badRequest(MSG.userNameTaken);
    if (await users.findByEmail(email)) throw badRequest(MSG.emailTaken);
  }

  return {
    /**
     * Failed logins count against the account, not the text typed, so its name in any case and its
     * email share one allowance. An unknown account counts under the text typed (case ignored).
     * WARNING: this lets a guesser who has used up an allowance tell whether a name and an email
     * belong to the same account (the other spelling is refused too); per-account counting is
     * worth more than hiding that.
     */
    async failedLoginKey(account: string): Promise<string> {
      const user = await findByAccount(account);
      return user ? `user:${user.user_id}` : `account:${account.toLowerCase()}`;
    },

    /**
     * One message for an unknown account and a wrong password, with the same work done for both.
     * "Disabled" is said only after the right password, so it reveals nothing to a guesser.
     */
    async login({ account, password }: LoginRequest, origin: ClientOrigin, now = new Date()): Promise<TokenPair> {
      const user = await findByAccount(account);
      if (!user) {
        await verifyAgainstDecoy(password);
        await log(undefined, account, origin, 'failure', now);
        throw badRequest(MSG.loginFailed);
      }
      if (!(await verifyPassword(password, user.password_hash))) {
        await log(user.user_id, account, origin, 'failure', now);
        throw badRequest(MSG.loginFailed);
      }
      if (user.enabled !== 1) {
        await log(user.user_id, account, origin, 'failure', now);
        throw badRequest(MSG.accountDisabled);
      }
      await log(user.user_id, account, origin, 'success', now);
      // Part of the record, like the log: a failed write must not keep the user out.
      await users
        .update(user.user_id, { last_login_at: now.toISOString() })
        .catch((error: unknown) => logger.warn({ err: error }, 'last login time not written'));
      return sessions.start(user.user_id, now);
    },

    /**
     * The password is hashed first: it is the slow step, and done between the checks and the insert
     * it left a window in which two sign-ups for one name both passed. What still races past the
     * checks is refused by the unique indexes (user_name ignoring case, email) and answered like the
     * checks answer, not with a 500. Signing up signs in: the new account's first session counts as
     * its first login (login log, last login). Using the code, the account and its session are one
     * transaction: a failure in any leaves no account and the code still usable.
     */
    async register(request: RegisterRequest, origin: ClientOrigin, now = new Date()): Promise<TokenPair> {
      const row = {
        ...(await newUserRow({ ...request, nickName: request.nickName ?? request.userName, roles: ['user'] }, now)),
        last_login_at: now.toISOString(),
      };
      await refuseTaken(request);
      const code = await captcha.check(request.email, 'register', request.captcha, now);
      let started: { userId: number; tokens: TokenPair };
      try {
        started = await transaction(async (stores) => {
          await claimCode(stores.captchas, code, now);
          const userId = await stores.users.insert(row);
          return { userId, tokens: await stores.sessions.start(userId, now) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) await refuseTaken(request);
        throw error;
      }
      await log(started.userId, request.userName, origin, 'success', now);
      return started.tokens;
    },

    /** The shared demo user, made on first use with a password nobody knows. */
    async demoSession(now = new Date()): Promise<TokenPair> {
      const existing = await users.findByUserName(DEMO_USER.userName);
      if (existing) return sessions.start(existing.user_id, now);
      const row = await newUserRow({ ...DEMO_USER, password: randomBytes(24).toString('base64url'), roles: ['user', 'demo'] }, now);
      // Two first uses at once: the loser's insert hits the unique name and takes the winner's user.
      try {
        return await transaction(async (stores) => stores.sessions.start(await stores.users.insert(row), now));
      } catch (error) {
        const created = isUniqueViolation(error) ? await users.findByUserName(DEMO_USER.userName) : undefined;
        if (!created) throw error;
        return sessions.start(created.user_id, now);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
