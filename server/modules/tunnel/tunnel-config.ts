export interface TunnelLimits {
  /** Tunnels one address may create per window (POST /api/tunnels). */
  create: { windowMs: number; limit: number };
  /** Id look-ups one address may make per window (GET /api/tunnels/:id), so ids are not found by trying them all. */
  lookup: { windowMs: number; limit: number };
  /**
   * How long an id lives after its creation or the owner's last sign of life (joining its room or
   * publishing there; the page sends `keep` well within it), so an abandoned id frees itself soon.
   */
  ttlMs: number;
  /**
   * Guessing ids over the WebSocket: an address refused `limit` times within the window is refused
   * every tunnel room until it ends (per instance), so ids cannot be found by trying them all there either.
   */
  refusals: { windowMs: number; limit: number };
}

export const DEFAULT_TUNNEL_LIMITS: TunnelLimits = {
  create: { windowMs: 60 * 60_000, limit: 30 },
  lookup: { windowMs: 10 * 60_000, limit: 60 },
  ttlMs: 10 * 60_000,
  refusals: { windowMs: 10 * 60_000, limit: 20 },
};
