import { z } from 'zod';

/**
 * The live-message endpoint (`/api/live`, a WebSocket; docs/architecture.md "Live messages"). A
 * client joins rooms named `<feature>:<id>` (e.g. `ranking:2026-11`, `p2p:4f2a`), publishes JSON
 * into them and hears what others publish, on this instance or any other sharing the bus.
 */
export const LIVE_PATH = '/api/live';
/** Offered by the client; the server answers with it. */
export const LIVE_PROTOCOL = 'baibao.live';
/** Browsers cannot set headers on a WebSocket, so the access token rides as a second subprotocol. */
export const LIVE_TOKEN_PROTOCOL_PREFIX = 'bearer.';
/** A frame larger than this closes the connection (1009). */
export const LIVE_MESSAGE_MAX_BYTES = 16 * 1024;

export const liveRoomSchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9._-]{1,64}$/);

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  // key: what a room's module may ask of a member to prove a role (a tunnel's owner gives its secret).
  z.object({ type: z.literal('join'), room: liveRoomSchema, key: z.string().min(1).max(128).optional() }),
  z.object({ type: z.literal('leave'), room: liveRoomSchema }),
  z.object({ type: z.literal('publish'), room: liveRoomSchema, data: z.json() }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** Who is in a room: `peer` is per connection; `userId` is absent for an anonymous peer. */
export interface LiveMember {
  peer: string;
  userId?: number;
}

/**
 * Why the server refused a client message; the client maps each to its own translated text.
 * `refused`: the room's module did not admit this peer (a network id not its own, an unknown or expired code).
 * `forbidden`: the room's module did not let this peer publish this message (a tunnel not yet accepted
 * or revoked); it reached nobody, and the peer stays in the room.
 */
export type LiveErrorReason = 'malformed' | 'unknownRoom' | 'loginRequired' | 'notJoined' | 'refused' | 'forbidden';

export type LiveServerMessage =
  | { type: 'welcome'; peer: string }
  | { type: 'joined'; room: string; members: LiveMember[] }
  | { type: 'presence'; room: string; member: LiveMember; present: boolean }
  | { type: 'message'; room: string; from: LiveMember; data: unknown }
  | { type: 'error'; reason: LiveErrorReason; room?: string };
