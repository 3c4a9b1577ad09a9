import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { RefreshTokenTable } from '../../db/schema';

export type StoredRefreshToken = Selectable<RefreshTokenTable>;

export function createSessionsRepository(db: Db) {
  return {
    async insert(token: RefreshTokenTable): Promise<void> {
      await db.insertInto('refresh_tokens').values(token).execute();
    },

    async findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined> {
      return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Revokes `oldId` in favour of `next` in one transaction. False when `oldId` was revoked
     * meanwhile (a parallel refresh won), so one token can never be rotated twice.
     */
    async rotate(oldId: string, next: RefreshTokenTable, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const revoked = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now, replaced_by: next.id })
          .where('id', '=', oldId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (revoked.numUpdatedRows !== 1n) return false;
        await trx.insertInto('refresh_tokens').values(next).execute();
        return true;
      });
    },

    async revokeFamily(familyId: string, now: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Every session of the user, except `keepFamilyId` when given. */
    async revokeUser(userId: number, now: string, keepFamilyId?: string): Promise<void> {
      let query = db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
      await query.execute();
    },

    /** A session lives while one token of its family is neither revoked nor expired. */
    async isActive(familyId: string, userId: number, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
