import { HANDSHAKE_HELLO, isHandshakeAck, WINDOW_HANDSHAKE_TIMEOUT_MS } from '@shared/contracts/external-tools';
import type { ExternalToolId, HandshakeHello } from '@shared/contracts/external-tools';
import { randomHexId } from './ids';

/** window.open gave no window (spec §8: "the window may be blocked by the browser"). */
export class WindowBlockedError extends Error {
  override name = 'WindowBlockedError';
}

/** The opened page did not acknowledge in time (spec §8: "the message timed out"). */
export class HandshakeTimeoutError extends Error {
  override name = 'HandshakeTimeoutError';
}

/** What the handshake needs of `window`; tests hand in a fake. */
export interface HandshakeHost {
  open(url: string, target: string): Pick<Window, 'postMessage'> | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface HandshakeOptions {
  tool: ExternalToolId;
  language: string;
  /** Spec §9: 15000 ms. */
  timeoutMs?: number;
  /** A hello posted before the opened page listens is lost, so it is posted again this often. */
  repeatMs?: number;
  host?: HandshakeHost;
}

/**
 * Opens `url` in a new window and waits for it to acknowledge our hello (shared/contracts/external-tools.ts).
 * Resolves once acknowledged; rejects with WindowBlockedError at once, or HandshakeTimeoutError after
 * `timeoutMs`. Must be called from the click itself: a popup opened after an await is blocked.
 * Only an answer from that window and the URL's origin counts, so another page cannot fake it.
 */
export function openWithHandshake(url: string, options: HandshakeOptions): Promise<void> {
  const host: HandshakeHost = options.host ?? window;
  const timeoutMs = options.timeoutMs ?? WINDOW_HANDSHAKE_TIMEOUT_MS;
  const origin = new URL(url).origin;
  const opened = host.open(url, '_blank');
  if (!opened) return Promise.reject(new WindowBlockedError('window may be blocked by the browser'));

  const hello: HandshakeHello = { type: HANDSHAKE_HELLO, id: randomHexId(), tool: options.tool, language: options.language };
  return new Promise<void>((resolve, reject) => {
    const post = () => {
      // While the new window still shows about:blank its origin differs and postMessage throws or drops.
      try {
        opened.postMessage(hello, origin);
      } catch {
        /* posted again on the next repeat */
      }
    };
    const finish = (error?: Error) => {
      clearInterval(repeat);
      clearTimeout(deadline);
      host.removeEventListener('message', onMessage);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === opened && event.origin === origin && isHandshakeAck(event.data, hello.id)) finish();
    };
    host.addEventListener('message', onMessage);
    const repeat = setInterval(post, options.repeatMs ?? 250);
    const deadline = setTimeout(() => finish(new HandshakeTimeoutError('message timed out')), timeoutMs);
    post();
  });
}
