import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { P2P_PAIR_TTL_MS, iceServerSchema } from '@shared/contracts/p2p';
import type { IceServer, IceTransportPolicy } from '@shared/contracts/p2p';

export interface P2pLimits {
  /** Pairing codes one address may create per window (POST /api/p2p/pairs). */
  pairCreate: { windowMs: number; limit: number };
  /** How long a pairing code lives after its creation or its last use (docs/decisions.md "P2P signalling"). */
  pairTtlMs: number;
  /** Lifetime of the TURN credentials /hello hands out. */
  turnTtlSeconds: number;
  /**
   * Guessing codes over the WebSocket: an address whose joins were refused `limit` times within the
   * window is refused every P2P room until it ends (per instance; creation is limited per address too).
   */
  refusals: { windowMs: number; limit: number };
}

export interface P2pConfig extends P2pLimits {
  /** ICE_SERVERS as configured; `turn:` entries without credential get REST credentials from turnSecret. */
  iceServers: IceServer[];
  turnSecret: string | undefined;
  /** ICE_TRANSPORT_POLICY: `relay` makes every page use TURN relay candidates only. */
  iceTransportPolicy: IceTransportPolicy;
}

export const DEFAULT_P2P_LIMITS: P2pLimits = {
  pairCreate: { windowMs: 60 * 60_000, limit: 20 },
  pairTtlMs: P2P_PAIR_TTL_MS,
  turnTtlSeconds: 60 * 60,
  refusals: { windowMs: 10 * 60_000, limit: 20 },
};

const ICE_URL = /^(stuns?|turns?):[^\s]+$/;
const configuredIceServers = z.array(
  iceServerSchema.refine((server) => [server.urls].flat().every((url) => ICE_URL.test(url)), {
    message: 'every url must start with stun:, stuns:, turn: or turns:',
  }),
);

export function parseIceServers(text: string | undefined): { servers: IceServer[] } | { error: string } {
  if (text === undefined) return { servers: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'ICE_SERVERS must be JSON such as [{"urls":"stun:stun.example.com:3478"}]' };
  }
  const parsed = configuredIceServers.safeParse(json);
  if (parsed.success) return { servers: parsed.data };
  return { error: parsed.error.issues.map((issue) => `ICE_SERVERS.${issue.path.join('.') || 'value'}: ${issue.message}`).join('; ') };
}

export const isTurn = (server: IceServer) => [server.urls].flat().some((url) => /^turns?:/.test(url));

/**
 * coturn's `use-auth-secret` (the TURN REST API draft): the username is the expiry in Unix seconds
 * and a random tag, the credential base64(HMAC-SHA1(secret, username)); coturn recomputes it and
 * refuses it after the expiry, so nothing is stored and a leaked pair dies on its own.
 */
export function turnCredentials(secret: string, expiresAtSeconds: number): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${randomBytes(6).toString('base64url')}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The ICE servers for one caller now, and when their TURN credentials end (epoch ms; null: none issued). */
export function iceServersFor(
  config: P2pConfig,
  now: number,
): { iceServers: IceServer[]; iceExpiresAt: number | null; iceTransportPolicy: IceTransportPolicy } {
  const expiresAtSeconds = Math.floor(now / 1000) + config.turnTtlSeconds;
  let issued = false;
  const iceServers = config.iceServers.map((server) => {
    if (!isTurn(server) || server.credential !== undefined || !config.turnSecret) return server;
    issued = true;
    return { ...server, ...turnCredentials(config.turnSecret, expiresAtSeconds) };
  });
  return { iceServers, iceExpiresAt: issued ? expiresAtSeconds * 1000 : null, iceTransportPolicy: config.iceTransportPolicy };
}
