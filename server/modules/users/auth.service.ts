import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginRequest, RegisterRequest, TokenPair } from '@shared/contracts/users';
import type { CaptchaService } from './captcha.service';
import type { LoginLogsRepository } from './login-logs.repository';
import { MSG, badRequest } from './messages';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password';
import type { SessionService } from './session.service';
import type { StoredUser, UsersRepository } from './users.repository';

/** Where a request came from, for the login log. */
export interface ClientOrigin {
  ip: string;
  userAgent: string;
}

/** The demo user's name and email cannot be registered: '.' is outside USER_NAME_PATTERN and .invalid gets no mail. */
export const DEMO_USER = { userName: 'baibao.demo', email: 'demo@baibao.invalid', nickName: '演示账号 Demo' } as const;

const MAX_USER_AGENT_LENGTH = 512;

/** A new user's row; settings start empty so the client keeps its defaults. */
export async function newUserRow(fields: { userName: string; email: string; nickName: string; password: string; roles: string[]; permissions?: string[] }, now: Date) {
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

export function createAuthService(deps: { users: UsersRepository; sessions: SessionService; captcha: CaptchaService; loginLogs: LoginLogsRepository }) {
  const { users, sessions, captcha, loginLogs } = deps;

  const findByAccount = (account: string) => (account.includes('@') ? users.findByEmail(account) : users.findByUserName(account));

  async function log(user: StoredUser | undefined, account: string, origin: ClientOrigin, result: 'success' | 'failure', now: Date) {
    await loginLogs.insert({
      id: randomUUID(),
      user_id: user?.user_id ?? null,
      account: account.slice(0, 254),
      login_time: now.toISOString(),
      ip: origin.ip,
      user_agent: origin.userAgent.slice(0, MAX_USER_AGENT_LENGTH),
      result,
    });
  }

  return {
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
        await log(user, account, origin, 'failure', now);
        throw badRequest(MSG.loginFailed);
      }
      if (user.enabled !== 1) {
        await log(user, account, origin, 'failure', now);
        throw badRequest(MSG.accountDisabled);
      }
      await log(user, account, origin, 'success', now);
      await users.update(user.user_id, { last_login_at: now.toISOString() });
      return sessions.start(user.user_id, now);
    },

    async register(request: RegisterRequest, now = new Date()): Promise<TokenPair> {
      if (await users.findByUserName(request.userName)) throw badRequest(MSG.userNameTaken);
      if (await users.findByEmail(request.email)) throw badRequest(MSG.emailTaken);
      await captcha.consume(request.email, 'register', request.captcha, now);
      const row = await newUserRow({ ...request, nickName: request.nickName ?? request.userName, roles: ['user'] }, now);
      const userId = await users.insert(row);
      return sessions.start(userId, now);
    },

    /** The shared demo user, made on first use with a password nobody knows. */
    async demoSession(now = new Date()): Promise<TokenPair> {
      const existing = await users.findByUserName(DEMO_USER.userName);
      const userId = existing?.user_id ?? (await users.insert(await newUserRow({ ...DEMO_USER, password: randomBytes(24).toString('base64url'), roles: ['user', 'demo'] }, now)));
      return sessions.start(userId, now);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
