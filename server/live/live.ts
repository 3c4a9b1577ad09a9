import type { ZodType } from 'zod';
import type { LiveServerMessage } from '@shared/contracts/live';
import type { Logger } from '../logger';
import type { Bus } from './bus';
import { createMemoryBus } from './bus';
import { createRedisBus } from './redis-bus';

/** Who asks to join a room: the address as the endpoint saw it (TRUST_PROXY aware), the account, the connection. */
export interface Admittee {
  ip: string;
  userId: number | undefined;
  peer: string;
  /** The connection's User-Agent header ('' without one). */
  userAgent: string;
  /** What the peer gave with its join (a role's proof); undefined on publish and without one. */
  key?: string | undefined;
}

export interface RoomPolicy {
  /** Visitors without an account may join and publish (P2P signalling); otherwise a login is needed. */
  anonymous: boolean;
  /**
   * Whether this peer may join this room (a room id that must match the caller's network, a code that
   * must exist). Without it, naming a room is enough to enter it. False: the client hears `refused`.
   */
  admit?: (room: string, who: Admittee) => boolean | Promise<boolean>;
  /** What peers may publish into the room; anything else is refused as `malformed` and reaches nobody. */
  publish?: ZodType;
  /**
   * Whether this member may publish this (schema-checked) message now: who may say what in a room
   * where roles differ. False answers with `error` `forbidden`, and the message reaches nobody.
   */
  mayPublish?: (room: string, who: Admittee, data: unknown) => boolean | Promise<boolean>;
}

/** Which rooms exist: a module defines its feature prefix once, `ranking` for `ranking:<id>`. */
export interface RoomRegistry {
  define(feature: string, policy: RoomPolicy): void;
  policyOf(room: string): RoomPolicy | undefined;
}

/** What modules get as `context.live`: the bus, and the rooms clients may use on /api/live. */
export interface Live {
  bus: Bus;
  rooms: RoomRegistry;
  /** From a route: every peer in the room, on every instance, gets `message` from peer `server`. */
  publish(room: string, data: unknown): Promise<void>;
}

/** The bus topic that carries a room's LiveServerMessages. */
export const roomTopic = (room: string) => `room:${room}`;

export const SERVER_PEER = 'server';

export function createRoomRegistry(): RoomRegistry {
  const policies = new Map<string, RoomPolicy>();
  return {
    define(feature, policy) {
      if (policies.has(feature)) throw new Error(`live rooms "${feature}:" are defined twice`);
      policies.set(feature, policy);
    },
    policyOf(room) {
      return policies.get(room.slice(0, room.indexOf(':')));
    },
  };
}

export async function createLive(redisUrl: string | undefined, logger: Logger): Promise<Live> {
  return withBus(redisUrl ? await createRedisBus(redisUrl, logger) : createMemoryBus());
}

export function withBus(bus: Bus): Live {
  return {
    bus,
    rooms: createRoomRegistry(),
    publish: (room, data) =>
      bus.publish(roomTopic(room), { type: 'message', room, from: { peer: SERVER_PEER }, data } satisfies LiveServerMessage),
  };
}
