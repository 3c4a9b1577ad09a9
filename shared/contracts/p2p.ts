import { z } from 'zod';
import { peerSignalSchema } from './p2p-signal';

/**
 * P2P signalling (server/modules/p2p, docs/api.md "P2P signalling"): how two pages find each other
 * before WebRTC carries the data. Devices behind the same public address meet in the room
 * `p2p:net-<network>`; devices elsewhere share a pairing code and meet in `p2p:pair-<code>`. The
 * server relays what they publish there and admits only peers that belong.
 */
export const P2P_API = {
  hello: '/api/p2p/hello',
  pairs: '/api/p2p/pairs',
} as const;

/** The live-room feature (`p2p:<id>`). */
export const P2P_ROOM_FEATURE = 'p2p';

/**
 * Pairing codes keep the digits and drop the letters that read like one (O, I, L, Z, S, B) or like each
 * other (U/V), so a code read aloud or off a phone is typed right; 6 of 26 symbols is 309 million codes.
 */
export const PAIR_CODE_ALPHABET = '23456789ACDEFGHJKMNPQRTWXY';
export const PAIR_CODE_LENGTH = 6;
export const pairCodeSchema = z
  .string()
  .length(PAIR_CODE_LENGTH)
  .regex(new RegExp(`^[${PAIR_CODE_ALPHABET}]+$`));

/** A pairing code lives this long after its creation or its last admission (docs/decisions.md "P2P signalling"). */
export const P2P_PAIR_TTL_MS = 30 * 24 * 60 * 60_000;

/** Typed codes come in any case and with spaces or dashes; this is the code as stored. */
export function normalizePairCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const networkRoom = (network: string) => `${P2P_ROOM_FEATURE}:net-${network}`;
export const pairRoom = (code: string) => `${P2P_ROOM_FEATURE}:pair-${code}`;

/** Which kind of P2P room a live room name is, and its id; undefined for anything else. */
export function parseP2pRoom(room: string): { kind: 'net' | 'pair'; id: string } | undefined {
  const match = /^p2p:(net|pair)-(.+)$/.exec(room);
  return match ? { kind: match[1] as 'net' | 'pair', id: match[2]! } : undefined;
}

/** One entry of RTCConfiguration.iceServers as the server hands it out. */
export const iceServerSchema = z.strictObject({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** RTCConfiguration.iceTransportPolicy as the server sets it (ICE_TRANSPORT_POLICY). */
export const iceTransportPolicySchema = z.enum(['all', 'relay']);
export type IceTransportPolicy = z.infer<typeof iceTransportPolicySchema>;

export const p2pHelloSchema = z.object({
  /** This caller's network id: the room `p2p:net-<network>` holds the devices behind the same public address. */
  network: z.string(),
  iceServers: z.array(iceServerSchema),
  /** Epoch ms after which TURN credentials in iceServers stop working (ask again); null without any. */
  iceExpiresAt: z.number().nullable(),
  /** `relay`: connect through the TURN servers only, so the devices never see each other's address. */
  iceTransportPolicy: iceTransportPolicySchema,
});
export type P2pHello = z.infer<typeof p2pHelloSchema>;

export const p2pPairSchema = z.object({
  code: pairCodeSchema,
  /** Epoch ms; each admission to the pair's room moves it on (docs/decisions.md "P2P signalling"). */
  expiresAt: z.number(),
});
export type P2pPair = z.infer<typeof p2pPairSchema>;

/** What a device shows of itself to the others in a room. */
export const presenceCardSchema = z.strictObject({
  name: z.string().min(1).max(64),
  device: z.string().max(64),
  os: z.string().max(64),
  browser: z.string().max(64),
});
export type PresenceCard = z.infer<typeof presenceCardSchema>;

/** A live peer id (server/live: base64url of 9 random bytes). */
const peerIdSchema = z.string().min(1).max(64);

/**
 * What a peer may publish into a P2P room. Rooms broadcast, so a signal names the peer it is for
 * and the others drop it; a card without `to` is for everyone (on arrival), with `to` it answers
 * one newcomer.
 */
export const p2pRoomMessageSchema = z.union([
  z.strictObject({ to: peerIdSchema, signal: peerSignalSchema }),
  z.strictObject({ to: peerIdSchema.optional(), card: presenceCardSchema }),
]);
export type P2pRoomMessage = z.infer<typeof p2pRoomMessageSchema>;
