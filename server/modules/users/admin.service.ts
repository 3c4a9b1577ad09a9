import type { Page } from '@shared/contracts/api';
import type { TokenPair, UserRow } from '@shared/contracts/users';
import type { Logger } from '../../logger';
import type { Auth } from '../../http/auth';
import type { AccountsTransaction } from './account-stores';
import { MSG, badRequest, notFound } from './messages';
import type { SessionService } from './session.service';
import { toUserRow } from './user-view';
import type { UsersRepository } from './users.repository';

export function createAdminService(users: UsersRepository, sessions: SessionService, transaction: AccountsTransaction, logger: Logger) {
  async function existing(userId: number) {
    const user = await users.findById(userId);
    if (!user) throw notFound(`No user ${userId}`);
    return user;
  }

  return {
    async list(query: { keyword?: string | undefined; pageNum: number; pageSize: number }): Promise<Page<UserRow>> {
      const { rows, total } = await users.list({
        keyword: query.keyword || undefined,
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { list: rows.map(toUserRow), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async setEnabled(admin: Auth, userId: number, enabled: boolean, now = new Date()): Promise<UserRow> {
      await existing(userId);
      if (!enabled && userId === admin.userId) throw badRequest(MSG.cannotDisableSelf);
      await transaction(async (stores) => {
        await stores.users.update(userId, { enabled: enabled ? 1 : 0, updated_at: now.toISOString() });
        // A disabled user is out at once, not when the access token runs out: both or neither.
        if (!enabled) await stores.sessions.endAllOf(userId, {}, now);
      });
      logger.info({ adminId: admin.userId, userId, enabled }, 'user enabled state changed');
      return toUserRow(await existing(userId));
    },

    /** For support: a session as that user. Logged, because it is powerful. */
    async createToken(admin: Auth, userId: number, now = new Date()): Promise<TokenPair> {
      const user = await existing(userId);
      if (user.enabled !== 1) throw badRequest(MSG.accountDisabled);
      logger.warn({ adminId: admin.userId, userId }, 'administrator issued a session for a user');
      return sessions.start(userId, now);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
