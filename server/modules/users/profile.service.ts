import type { Page } from '@shared/contracts/api';
import type { LoginLog, OAuth2Binding, UserDetails, UserInfo, UserSimplified } from '@shared/contracts/users';
import { isUniqueViolation } from '../../db/errors';
import type { Auth } from '../../http/auth';
import type { AccountsTransaction } from './account-stores';
import { DEMO_USER } from './auth.service';
import { redeemToken } from './captcha.service';
import type { CaptchaService } from './captcha.service';
import type { LoginLogsRepository } from './login-logs.repository';
import { unauthorized } from '../../http/auth';
import { MSG, badRequest, notFound } from './messages';
import type { OAuth2Repository } from './oauth2.repository';
import { hashPassword, verifyPassword } from './password';
import { toUserDetails, toUserInfo, toUserSimplified } from './user-view';
import type { StoredUser, UsersRepository } from './users.repository';

interface ProfileDependencies {
  users: UsersRepository;
  captcha: CaptchaService;
  loginLogs: LoginLogsRepository;
  oauth2: OAuth2Repository;
  transaction: AccountsTransaction;
}

/** The settings text must be a JSON object (spec §3 user settings); its 8 KB cap is in the contract. */
function checkSettings(settings: string): void {
  let value: unknown;
  try {
    value = JSON.parse(settings);
  } catch {
    throw badRequest(MSG.settingsNotJson);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(MSG.settingsNotObject);
}

export function createProfileService({ users, captcha, loginLogs, oauth2, transaction }: ProfileDependencies) {
  /** The caller's own row; gone means the session is over. */
  async function me(auth: Auth): Promise<StoredUser> {
    const user = await users.findById(auth.userId);
    if (!user) throw unauthorized('Session has ended, log in again');
    return user;
  }

  const touch = (now: Date) => ({ updated_at: now.toISOString() });

  /** Every visitor who tries the demo shares its account: a nickname or avatar one of them sets, all of them would see. */
  function refuseDemo(user: StoredUser): void {
    if (user.user_name === DEMO_USER.userName) throw badRequest(MSG.demoReadOnly);
  }

  return {
    me,
    info: async (auth: Auth): Promise<UserInfo> => toUserInfo(await me(auth)),
    details: async (auth: Auth): Promise<UserDetails> => toUserDetails(await me(auth)),

    /** Refuses before an upload is processed when the account may not change its avatar. */
    async checkAvatarChangeable(auth: Auth): Promise<void> {
      refuseDemo(await me(auth));
    },

    async updateNickName(auth: Auth, nickName: string, now = new Date()): Promise<UserDetails> {
      refuseDemo(await me(auth));
      await users.update(auth.userId, { nick_name: nickName, ...touch(now) });
      return toUserDetails(await me(auth));
    },

    async updateSettings(auth: Auth, settings: string, now = new Date()): Promise<void> {
      checkSettings(settings);
      await users.update(auth.userId, { settings, ...touch(now) });
    },

    async setAvatar(auth: Auth, avatar: string, now = new Date()): Promise<void> {
      await users.update(auth.userId, { avatar, ...touch(now) });
    },

    async loginLogs(auth: Auth, pageNum: number, pageSize: number): Promise<Page<LoginLog>> {
      const { rows, total } = await loginLogs.pageOfUser(auth.userId, (pageNum - 1) * pageSize, pageSize);
      const list = rows.map((row) => ({
        id: row.id,
        loginTime: row.login_time,
        ip: row.ip,
        userAgent: row.user_agent,
        result: row.result,
      }));
      return { list, total, pageNum, pageSize };
    },

    async oauth2Bindings(auth: Auth): Promise<OAuth2Binding[]> {
      return (await oauth2.listOfUser(auth.userId)).map((row) => ({
        provider: row.provider,
        externalId: row.external_id,
        boundAt: row.bound_at,
      }));
    },

    /** The captcha token proves the new address; it becomes the account email, and the token is used up with it. */
    async changeEmail(auth: Auth, captchaToken: string, now = new Date()): Promise<UserDetails> {
      refuseDemo(await me(auth));
      const email = await captcha.checkToken(captchaToken, 'changeEmail', now);
      const takenByOther = async () => {
        const owner = await users.findByEmail(email);
        return owner !== undefined && owner.user_id !== auth.userId;
      };
      if (await takenByOther()) throw badRequest(MSG.emailTaken);
      try {
        await transaction(async (stores) => {
          // The token proves `email` still: redeeming a used or expired one refuses.
          await redeemToken(stores.captchas, captchaToken, 'changeEmail', now);
          await stores.users.update(auth.userId, { email, ...touch(now) });
        });
      } catch (error) {
        // Another account took the address between the check and the update: the unique index refused it.
        if (isUniqueViolation(error) && (await takenByOther())) throw badRequest(MSG.emailTaken);
        throw error;
      }
      return toUserDetails(await me(auth));
    },

    /**
     * Forgotten password: the captcha token proves the mailbox. Every session of the account ends, in
     * the same transaction as the new password and the used token. A dead token is refused before
     * the password is hashed, so junk tokens cannot keep the hashing pool busy.
     */
    async resetPassword(captchaToken: string, password: string, now = new Date()): Promise<void> {
      await captcha.checkToken(captchaToken, 'resetPassword', now);
      const passwordHash = await hashPassword(password);
      await transaction(async (stores) => {
        const email = await redeemToken(stores.captchas, captchaToken, 'resetPassword', now);
        const user = await stores.users.findByEmail(email);
        if (!user) throw badRequest(MSG.captchaTokenInvalid);
        refuseDemo(user);
        await stores.users.update(user.user_id, { password_hash: passwordHash, ...touch(now) });
        await stores.sessions.endAllOf(user.user_id, {}, now);
      });
    },

    /** Knows the old password: the other sessions end with the change, this one stays. */
    async changeOwnPassword(auth: Auth, oldPassword: string, password: string, now = new Date()): Promise<void> {
      const user = await me(auth);
      refuseDemo(user);
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw badRequest(MSG.wrongOldPassword);
      const passwordHash = await hashPassword(password);
      await transaction(async (stores) => {
        await stores.users.update(user.user_id, { password_hash: passwordHash, ...touch(now) });
        await stores.sessions.endAllOf(user.user_id, { except: auth.sessionId }, now);
      });
    },

    async simplified(userId: number): Promise<UserSimplified> {
      const user = await users.findById(userId);
      if (!user) throw notFound(`No user ${userId}`);
      return toUserSimplified(user);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
