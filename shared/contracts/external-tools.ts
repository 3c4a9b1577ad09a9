/**
 * External tools (spec §2 "Player/toolbox external"): a local player, a screen recorder and a colour
 * picker on other hosts. The server's EXTERNAL_TOOLS names each host; the page reads them from the
 * public system config `externalTools` and opens each in a new window with the window handshake
 * (spec §8/§9). No zod here: the shell reads this on the home page.
 */

export const EXTERNAL_TOOL_IDS = ['player', 'recorder', 'colorPicker'] as const;
export type ExternalToolId = (typeof EXTERNAL_TOOL_IDS)[number];

/** Only configured tools have an entry; a tool without one is hidden. */
export type ExternalToolHosts = Partial<Record<ExternalToolId, string>>;

/** The system config code under which /api/system/configs answers the hosts. */
export const EXTERNAL_TOOLS_CONFIG_CODE = 'externalTools';

/** Spec §9: the opened window must acknowledge within this time. */
export const WINDOW_HANDSHAKE_TIMEOUT_MS = 15_000;

/**
 * The handshake's messages. The opener posts `hello` to the new window (again every few hundred
 * milliseconds, since a message posted before the page has loaded is lost) with the target origin
 * of the configured host; the opened page answers `ack` with the same id to `window.opener`.
 */
export const HANDSHAKE_HELLO = 'baibao:external-tool:hello';
export const HANDSHAKE_ACK = 'baibao:external-tool:ack';

export interface HandshakeHello {
  type: typeof HANDSHAKE_HELLO;
  id: string;
  tool: ExternalToolId;
  /** cn or en: the opened page may follow the site's language. */
  language: string;
}

export interface HandshakeAck {
  type: typeof HANDSHAKE_ACK;
  id: string;
}

export function isHandshakeAck(data: unknown, id: string): data is HandshakeAck {
  return typeof data === 'object' && data !== null && (data as HandshakeAck).type === HANDSHAKE_ACK && (data as HandshakeAck).id === id;
}
