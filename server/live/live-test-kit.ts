import { WebSocket } from 'ws';
import { LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from '@shared/contracts/live';
import type { LiveServerMessage } from '@shared/contracts/live';

/** A live client as a test drives it: every server message is queued and awaited by predicate. */
export interface TestLiveClient {
  socket: WebSocket;
  next(predicate?: (message: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
  send(message: unknown): void;
  closed: Promise<{ code: number }>;
}

export function connectLive(
  url: string,
  options: { token?: string; origin?: string; autoPong?: boolean; headers?: Record<string, string> } = {},
): Promise<TestLiveClient> {
  const protocols = [LIVE_PROTOCOL, ...(options.token ? [LIVE_TOKEN_PROTOCOL_PREFIX + options.token] : [])];
  const socket = new WebSocket(url, protocols, {
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    autoPong: options.autoPong ?? true,
  });
  const queue: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  // After the handshake an error only precedes the close, which tests await through `closed`.
  socket.on('error', () => undefined);
  socket.on('message', (data) => {
    queue.push(JSON.parse(String(data)) as LiveServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  const client: TestLiveClient = {
    socket,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(predicate = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = queue.findIndex(predicate);
          if (index < 0) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(queue.splice(index, 1)[0]!);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live message within ${timeoutMs} ms; got ${JSON.stringify(queue)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}
