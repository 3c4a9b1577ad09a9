import type { Db } from '../../db/database';

type Peer = string | null;

export function createTunnelRepository(db: Db) {
  return {
    insert: (id: string, secretHash: string, now: number, expiresAt: number) =>
      db.insertInto('tunnels').values({ id, secret_hash: secretHash, create_time: now, expires_at: expiresAt }).execute(),

    /** The tunnel while it lives; undefined once expired or never made. */
    find: (id: string, now: number) =>
      db.selectFrom('tunnels').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst(),

    async setOwner(id: string, peer: string, expiresAt: number): Promise<void> {
      await db.updateTable('tunnels').set({ owner_peer: peer, expires_at: expiresAt }).where('id', '=', id).execute();
    },

    renew: (id: string, expiresAt: number) => db.updateTable('tunnels').set({ expires_at: expiresAt }).where('id', '=', id).execute(),

    /**
     * Makes `peer` the connector, only if the connector is still `was` (compare-and-set: of two devices
     * asking at once on two instances, one gets in). Any earlier acceptance ends with it.
     */
    async claimConnector(id: string, was: Peer, peer: string): Promise<boolean> {
      const result = await db
        .updateTable('tunnels')
        .set({ connector_peer: peer, accepted_peer: null })
        .where('id', '=', id)
        .where('connector_peer', was === null ? 'is' : '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Accepts the connector `peer`; false when it is no longer the one asking. */
    async accept(id: string, peer: string): Promise<boolean> {
      const result = await db
        .updateTable('tunnels')
        .set({ accepted_peer: peer })
        .where('id', '=', id)
        .where('connector_peer', '=', peer)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Refused: the connector place is free again. */
    async dropConnector(id: string, peer: string): Promise<void> {
      await db
        .updateTable('tunnels')
        .set({ connector_peer: null, accepted_peer: null })
        .where('id', '=', id)
        .where('connector_peer', '=', peer)
        .execute();
    },

    async revoke(id: string, peer: string): Promise<void> {
      await db.updateTable('tunnels').set({ accepted_peer: null }).where('id', '=', id).where('accepted_peer', '=', peer).execute();
    },

    deleteExpired: (now: number) => db.deleteFrom('tunnels').where('expires_at', '<=', now).execute(),
  };
}

export type TunnelRepository = ReturnType<typeof createTunnelRepository>;
