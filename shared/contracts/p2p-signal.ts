import { z } from 'zod';

/**
 * One WebRTC signalling message between two pages (renderer/lib/peer-link speaks it; the P2P and
 * tunnel modules carry it over /api/live rooms, wrapped with who it is for). The server only
 * relays it, after checking its shape and size.
 */
export const peerSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('description'),
    description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(12_000) }),
  }),
  z.object({
    kind: z.literal('candidate'),
    // null: the end of candidates
    candidate: z
      .object({
        candidate: z.string().max(1_000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .nullable(),
  }),
]);
export type PeerSignal = z.infer<typeof peerSignalSchema>;
