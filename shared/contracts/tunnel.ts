import { z } from 'zod';
import { peerSignalSchema } from './p2p-signal';

/**
 * The remote-device tunnel (/terminal; server/modules/tunnel, docs/api.md "Remote-device tunnel"):
 * a device opens a tunnel and shows its id; another device enters the id and asks to connect. The
 * server relays the request with the connector's profile, and WebRTC signalling only once the
 * owner accepted; the console then runs over the peers' own data channel.
 */
export const TUNNEL_API = {
  tunnels: '/api/tunnels',
  tunnel: (id: string) => `/api/tunnels/${id}`,
} as const;

/** The live-room feature (`tunnel:<id>`). */
export const TUNNEL_ROOM_FEATURE = 'tunnel';

/**
 * Digits and capitals without the ones read or typed as another (0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B,
 * U/V); 5 of 21 symbols is 4 million ids, enough for ids that live minutes behind a creation limit.
 */
export const TUNNEL_ID_ALPHABET = '34679ACEFGHJKMNPRTWXY';
export const TUNNEL_ID_LENGTH = 5;
export const tunnelIdSchema = z
  .string()
  .length(TUNNEL_ID_LENGTH)
  .regex(new RegExp(`^[${TUNNEL_ID_ALPHABET}]+$`));

/** A new id; `randomIndex(n)` draws uniformly from 0…n-1 (node:crypto randomInt on the server). */
export function newTunnelId(randomIndex: (size: number) => number): string {
  let id = '';
  for (let i = 0; i < TUNNEL_ID_LENGTH; i++) id += TUNNEL_ID_ALPHABET[randomIndex(TUNNEL_ID_ALPHABET.length)];
  return id;
}

/** An id as typed (any case, with spaces or dashes) as stored; what is left is checked by tunnelIdSchema. */
export function normalizeTunnelId(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const tunnelRoom = (id: string) => `${TUNNEL_ROOM_FEATURE}:${id}`;
export function parseTunnelRoom(room: string): string | undefined {
  const id = room.startsWith(`${TUNNEL_ROOM_FEATURE}:`) ? room.slice(TUNNEL_ROOM_FEATURE.length + 1) : '';
  return tunnelIdSchema.safeParse(id).success ? id : undefined;
}

/** POST /api/tunnels: `secret` is the owner's proof, given as the join `key` of its room. */
export const tunnelCreatedSchema = z.object({
  id: tunnelIdSchema,
  secret: z.string(),
  /** Epoch ms; moved on while the owner's page is in its room (docs/decisions.md "Remote-device tunnel"). */
  expiresAt: z.number(),
});
export type TunnelCreated = z.infer<typeof tunnelCreatedSchema>;

/** GET /api/tunnels/:id: why a connector would be refused, before it asks (404 when there is no such tunnel). */
export const tunnelStateSchema = z.object({
  id: tunnelIdSchema,
  expiresAt: z.number(),
  /** The owner's page is in the room. */
  online: z.boolean(),
  /** Another device is connected or asking. */
  busy: z.boolean(),
});
export type TunnelState = z.infer<typeof tunnelStateSchema>;

/** The connector as the server saw it: parsed from its User-Agent, and its address. */
export const tunnelProfileSchema = z.object({
  device: z.string(),
  os: z.string(),
  browser: z.string(),
  ip: z.string(),
});
export type TunnelProfile = z.infer<typeof tunnelProfileSchema>;

const peerIdSchema = z.string().min(1).max(64);

/**
 * What peers may publish into a tunnel room (the server checks who: only the owner accepts, refuses,
 * revokes and keeps the tunnel alive; the connector may only signal, and only while accepted).
 */
export const tunnelRoomMessageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('accept'), peer: peerIdSchema }),
  z.strictObject({ kind: z.literal('refuse'), peer: peerIdSchema }),
  z.strictObject({ kind: z.literal('revoke'), peer: peerIdSchema }),
  z.strictObject({ kind: z.literal('keep') }),
  z.strictObject({ kind: z.literal('signal'), to: peerIdSchema, signal: peerSignalSchema }),
]);
export type TunnelRoomMessage = z.infer<typeof tunnelRoomMessageSchema>;

/**
 * What the server itself publishes into a tunnel room (from peer `server`): a device asks to connect
 * (to the owner), and, when the owner accepts, the remote's own profile (to the connector, just
 * before the `accept`; never before, so an id alone does not reveal the remote's address).
 */
export const tunnelServerMessageSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('request'), peer: peerIdSchema, profile: tunnelProfileSchema }),
  z.strictObject({ kind: z.literal('remote'), peer: peerIdSchema, profile: tunnelProfileSchema }),
]);
export type TunnelServerMessage = z.infer<typeof tunnelServerMessageSchema>;
