import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OAuth2BindingTable } from '../../db/schema';

/** Bindings are only listed: no OAuth2 provider is wired yet, so nothing here creates one. */
export function createOAuth2Repository(db: Db) {
  return {
    async listOfUser(userId: number): Promise<Selectable<OAuth2BindingTable>[]> {
      return db.selectFrom('oauth2_bindings').selectAll().where('user_id', '=', userId).orderBy('bound_at').execute();
    },
  };
}

export type OAuth2Repository = ReturnType<typeof createOAuth2Repository>;
