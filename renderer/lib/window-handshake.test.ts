import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDSHAKE_ACK, HANDSHAKE_HELLO } from '@shared/contracts/external-tools';
import type { HandshakeHello } from '@shared/contracts/external-tools';
import { HandshakeTimeoutError, openWithHandshake, WindowBlockedError } from './window-handshake';
import type { HandshakeHost } from './window-handshake';

/** A window.open that returns a fake popup recording what it was sent; `answer` plays the opened page. */
function fakeHost(popup: 'opens' | 'blocked' = 'opens') {
  const target = new EventTarget();
  const posted: Array<{ message: HandshakeHello; origin: string }> = [];
  const opened = {
    postMessage: (message: HandshakeHello, origin: string) => {
      posted.push({ message, origin });
    },
  };
  const host: HandshakeHost & { opened: typeof opened; posted: typeof posted } = {
    opened,
    posted,
    open: vi.fn(() => (popup === 'opens' ? (opened as unknown as Window) : null)),
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
  };
  const answer = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
    target.dispatchEvent(
      Object.assign(new Event('message'), { data, source: from.source ?? opened, origin: from.origin ?? 'https://player.example.com' }),
    );
  return { host, answer };
}

const URL = 'https://player.example.com/play?x=1';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('openWithHandshake', () => {
  it('resolves when the opened page acknowledges within 15000 ms, posting its hello to the host origin until then', async () => {
    const { host, answer } = fakeHost();
    let settled = false;
    const done = openWithHandshake(URL, { tool: 'player', language: 'cn', host }).then(() => (settled = true));
    expect(host.open).toHaveBeenCalledWith(URL, '_blank');
    await vi.advanceTimersByTimeAsync(14_000);
    expect(settled).toBe(false);
    expect(host.posted.length).toBeGreaterThan(1);
    const { message, origin } = host.posted[0]!;
    expect(origin).toBe('https://player.example.com');
    expect(message).toMatchObject({ type: HANDSHAKE_HELLO, tool: 'player', language: 'cn' });
    answer({ type: HANDSHAKE_ACK, id: message.id });
    await done;
    expect(settled).toBe(true);
    const sent = host.posted.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(host.posted.length).toBe(sent);
  });

  it("rejects with 'message timed out' when the ack comes after 15000 ms", async () => {
    const { host, answer } = fakeHost();
    const done = openWithHandshake(URL, { tool: 'recorder', language: 'en', host });
    const failed = expect(done).rejects.toThrow(new HandshakeTimeoutError('message timed out'));
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    answer({ type: HANDSHAKE_ACK, id: host.posted[0]!.message.id });
  });

  it('ignores answers with another id, from another window or from another origin', async () => {
    const { host, answer } = fakeHost();
    const done = openWithHandshake(URL, { tool: 'colorPicker', language: 'cn', host });
    const failed = expect(done).rejects.toBeInstanceOf(HandshakeTimeoutError);
    const id = host.posted[0]!.message.id;
    answer({ type: HANDSHAKE_ACK, id: 'other' });
    answer({ type: HANDSHAKE_ACK, id }, { source: {} });
    answer({ type: HANDSHAKE_ACK, id }, { origin: 'https://evil.example' });
    answer({ type: HANDSHAKE_HELLO, id });
    await vi.advanceTimersByTimeAsync(15_000);
    await failed;
  });

  it("rejects at once with 'window may be blocked by the browser' when window.open returns null", async () => {
    const { host } = fakeHost('blocked');
    await expect(openWithHandshake(URL, { tool: 'player', language: 'cn', host })).rejects.toThrow(
      new WindowBlockedError('window may be blocked by the browser'),
    );
  });

  it('keeps posting when the window is not yet on the host origin (postMessage throws)', async () => {
    const { host, answer } = fakeHost();
    let calls = 0;
    host.opened.postMessage = (message: HandshakeHello, origin: string) => {
      calls += 1;
      if (calls < 3) throw new Error('not yet');
      host.posted.push({ message, origin });
    };
    const done = openWithHandshake(URL, { tool: 'player', language: 'cn', host });
    await vi.advanceTimersByTimeAsync(1_000);
    answer({ type: HANDSHAKE_ACK, id: host.posted[0]!.message.id });
    await expect(done).resolves.toBeUndefined();
  });
});
