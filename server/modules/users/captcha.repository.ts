import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CaptchaTable, CaptchaTokenTable } from '../../db/schema';

export type StoredCaptcha = Selectable<CaptchaTable>;

export function createCaptchaRepository(db: Db) {
  return {
    /** Only the newest code counts: sending a new one ends the open ones. */
    async replaceOpen(captcha: CaptchaTable): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('captchas')
          .set({ consumed_at: captcha.created_at })
          .where('email', '=', captcha.email)
          .where('purpose', '=', captcha.purpose)
          .where('consumed_at', 'is', null)
          .execute();
        await trx.insertInto('captchas').values(captcha).execute();
      });
    },

    async findOpen(email: string, purpose: string, now: string): Promise<StoredCaptcha | undefined> {
      return db
        .selectFrom('captchas')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    async countWrongAttempt(id: string): Promise<void> {
      await db
        .updateTable('captchas')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** False when another request consumed it first. */
    async consume(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('captchas')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Uses the code up and stores the token it was traded for, both or neither; false when the code was used meanwhile. */
    async tradeForToken(captchaId: string, token: CaptchaTokenTable): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('captchas')
          .set({ consumed_at: token.created_at })
          .where('id', '=', captchaId)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return false;
        await trx.insertInto('captcha_tokens').values(token).execute();
        return true;
      });
    },

    /** The email a usable token proves, without using it up; undefined when it is unknown, used or expired. */
    async findTokenEmail(tokenHash: string, purpose: string, now: string): Promise<string | undefined> {
      const token = await db
        .selectFrom('captcha_tokens')
        .select('email')
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return token?.email;
    },

    /**
     * Marks the token used and returns its email, or undefined when it is unknown, used or expired.
     * One statement, so it is atomic on its own and can run inside a caller's transaction.
     */
    async redeemToken(tokenHash: string, purpose: string, now: string): Promise<string | undefined> {
      const used = await db
        .updateTable('captcha_tokens')
        .set({ consumed_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('email')
        .executeTakeFirst();
      return used?.email;
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
