import { randomInt } from 'node:crypto';
import { PAIR_CODE_ALPHABET, PAIR_CODE_LENGTH, pairCodeSchema, parseP2pRoom } from '@shared/contracts/p2p';
import type { P2pHello, P2pPair } from '@shared/contracts/p2p';
import { isUniqueViolation } from '../../db/errors';
import type { Admittee } from '../../live/live';
import type { P2pConfig } from './p2p-config';
import { iceServersFor } from './p2p-config';
import type { P2pRepository } from './p2p.repository';
import { networkId } from './network-id';

export function newPairCode(): string {
  let code = '';
  for (let i = 0; i < PAIR_CODE_LENGTH; i++) code += PAIR_CODE_ALPHABET[randomInt(PAIR_CODE_ALPHABET.length)];
  return code;
}

export function createP2pService(pairs: P2pRepository, config: P2pConfig, secret: Uint8Array, now: () => number = Date.now) {
  const refusals = new Map<string, { count: number; until: number }>();

  function refuse(ip: string): false {
    const at = now();
    const entry = refusals.get(ip);
    if (!entry || entry.until <= at) refusals.set(ip, { count: 1, until: at + config.refusals.windowMs });
    else entry.count++;
    // Old entries go when the map grows, so a scan from many addresses cannot fill memory.
    if (refusals.size > 10_000) for (const [key, value] of refusals) if (value.until <= at) refusals.delete(key);
    return false;
  }

  async function admitted(room: string, ip: string): Promise<boolean> {
    const parsed = parseP2pRoom(room);
    if (!parsed) return false;
    if (parsed.kind === 'net') return parsed.id === networkId(secret, ip);
    if (!pairCodeSchema.safeParse(parsed.id).success) return false;
    const at = now();
    return pairs.renew(parsed.id, at, at + config.pairTtlMs);
  }

  return {
    hello(ip: string): P2pHello {
      return { network: networkId(secret, ip), ...iceServersFor(config, now()) };
    },

    async createPair(): Promise<P2pPair> {
      const at = now();
      await pairs.deleteExpired(at);
      const expiresAt = at + config.pairTtlMs;
      // A clash among 309 million codes is rare; the primary key refuses it and another code is drawn.
      for (let attempt = 0; ; attempt++) {
        const code = newPairCode();
        try {
          await pairs.insert(code, at, expiresAt);
          return { code, expiresAt };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },

    /** RoomPolicy.admit for `p2p:*` rooms. */
    async admit(room: string, { ip }: Admittee): Promise<boolean> {
      const entry = refusals.get(ip);
      if (entry && entry.until > now() && entry.count >= config.refusals.limit) return false;
      return (await admitted(room, ip)) || refuse(ip);
    },
  };
}

export type P2pService = ReturnType<typeof createP2pService>;
