import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { newTunnelId, parseTunnelRoom } from '@shared/contracts/tunnel';
import type { TunnelCreated, TunnelRoomMessage, TunnelServerMessage, TunnelState } from '@shared/contracts/tunnel';
import { tunnelProfile } from '@shared/tunnel/profile';
import { isUniqueViolation } from '../../db/errors';
import type { Admittee, Live } from '../../live/live';
import type { TunnelLimits } from './tunnel-config';
import type { TunnelRepository } from './tunnel.repository';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function secretMatches(given: string, storedHash: string): boolean {
  return timingSafeEqual(Buffer.from(hashOf(given), 'hex'), Buffer.from(storedHash, 'hex'));
}

/**
 * Who may do what in `tunnel:<id>` (docs/decisions.md "Remote-device tunnel"): the owner joins with
 * its secret as the key; one other device may join while the owner is there, and the server tells
 * the owner who it is (`request`, profile from its User-Agent and address). Until the owner accepts
 * that peer, and again after it revokes, the connector may publish nothing; the owner may signal
 * only to the accepted peer. State is in the database, so instances sharing it decide alike.
 */
export function createTunnelService(tunnels: TunnelRepository, limits: TunnelLimits, live: Live, now: () => number = Date.now) {
  const refusals = new Map<string, { count: number; until: number }>();
  function refuse(ip: string): false {
    const at = now();
    const entry = refusals.get(ip);
    if (!entry || entry.until <= at) refusals.set(ip, { count: 1, until: at + limits.refusals.windowMs });
    else entry.count++;
    // Old entries go when the map grows, so a scan from many addresses cannot fill memory.
    if (refusals.size > 10_000) for (const [key, value] of refusals) if (value.until <= at) refusals.delete(key);
    return false;
  }
  const throttled = (ip: string) => {
    const entry = refusals.get(ip);
    return entry !== undefined && entry.until > now() && entry.count >= limits.refusals.limit;
  };

  const membersOf = async (room: string) => new Set((await live.bus.members(room)).map((member) => member.peer));

  async function admitConnector(room: string, id: string, who: Admittee, connectorWas: string | null, owner: string | null) {
    const members = await membersOf(room);
    // Nobody to accept it, or someone else is connected or asking (a refused device that has not left yet too).
    if (!owner || !members.has(owner) || members.size > 1) return false;
    if (!(await tunnels.claimConnector(id, connectorWas, who.peer))) return false;
    await live.publish(room, {
      kind: 'request',
      peer: who.peer,
      profile: tunnelProfile(who.userAgent, who.ip),
    } satisfies TunnelServerMessage);
    return true;
  }

  async function ownerSays(room: string, id: string, owner: Admittee, message: TunnelRoomMessage, acceptedPeer: string | null) {
    await tunnels.renew(id, now() + limits.ttlMs);
    switch (message.kind) {
      case 'accept': {
        if (!(await tunnels.accept(id, message.peer))) return false;
        const remote = { kind: 'remote', peer: message.peer, profile: tunnelProfile(owner.userAgent, owner.ip) } as const;
        await live.publish(room, remote satisfies TunnelServerMessage);
        return true;
      }
      case 'refuse':
        await tunnels.dropConnector(id, message.peer);
        return true;
      case 'revoke':
        await tunnels.revoke(id, message.peer);
        return true;
      case 'keep':
        return true;
      case 'signal':
        return message.to === acceptedPeer;
    }
  }

  return {
    async create(): Promise<TunnelCreated> {
      const at = now();
      await tunnels.deleteExpired(at);
      const expiresAt = at + limits.ttlMs;
      const secret = randomBytes(24).toString('base64url');
      // A clash among 4 million ids is rare while few live; the primary key refuses it and another is drawn.
      for (let attempt = 0; ; attempt++) {
        const id = newTunnelId(randomInt);
        try {
          await tunnels.insert(id, hashOf(secret), at, expiresAt);
          return { id, secret, expiresAt };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 9) throw error;
        }
      }
    },

    async state(id: string, room: string): Promise<TunnelState | undefined> {
      const row = await tunnels.find(id, now());
      if (!row) return undefined;
      const members = await membersOf(room);
      const online = row.owner_peer !== null && members.has(row.owner_peer);
      return { id, expiresAt: Number(row.expires_at), online, busy: [...members].some((peer) => peer !== row.owner_peer) };
    },

    /** RoomPolicy.admit for `tunnel:*`. */
    async admit(room: string, who: Admittee): Promise<boolean> {
      if (throttled(who.ip)) return false;
      const id = parseTunnelRoom(room);
      const row = id === undefined ? undefined : await tunnels.find(id, now());
      if (!id || !row) return refuse(who.ip);
      if (who.key === undefined) return admitConnector(room, id, who, row.connector_peer, row.owner_peer);
      if (!secretMatches(who.key, row.secret_hash)) return refuse(who.ip);
      // The owner's page again (a reload, a new connection): its new peer id takes the role over.
      await tunnels.setOwner(id, who.peer, now() + limits.ttlMs);
      return true;
    },

    /** RoomPolicy.mayPublish for `tunnel:*` (the message passed tunnelRoomMessageSchema). */
    async mayPublish(room: string, who: Admittee, data: unknown): Promise<boolean> {
      const id = parseTunnelRoom(room);
      const row = id === undefined ? undefined : await tunnels.find(id, now());
      if (!id || !row) return false;
      const message = data as TunnelRoomMessage;
      if (who.peer === row.owner_peer) return ownerSays(room, id, who, message, row.accepted_peer);
      return message.kind === 'signal' && who.peer === row.accepted_peer && message.to === row.owner_peer;
    },
  };
}

export type TunnelService = ReturnType<typeof createTunnelService>;
