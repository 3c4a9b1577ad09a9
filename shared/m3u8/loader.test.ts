import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSegmentLoader, type FetchLike } from './loader';
import type { PlannedSegment } from './plan';

function segment(uri: string, extra: Partial<PlannedSegment> = {}): PlannedSegment {
  return { index: 0, uri, duration: 1, sequence: 0, byterange: undefined, discontinuity: false, key: undefined, iv: undefined, ...extra };
}

/** A fake server: answers from a table; a function entry decides per call. */
function fakeFetch(table: Record<string, (headers: Record<string, string>) => { status: number; body?: Uint8Array }>) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch: FetchLike = (url, init) => {
    const headers = init.headers ?? {};
    calls.push({ url, headers });
    const route = table[url];
    if (!route) return Promise.reject(new TypeError('fetch failed'));
    const { status, body = new Uint8Array(0) } = route(headers);
    return Promise.resolve({ ok: status >= 200 && status < 300, status, arrayBuffer: () => Promise.resolve(body.slice().buffer) });
  };
  return { fetch, calls };
}

const signal = new AbortController().signal;
const file = Uint8Array.from({ length: 100 }, (_, i) => i);

describe('createSegmentLoader', () => {
  it('asks for the byte range and cuts it out itself when the server sends the whole file', async () => {
    const { fetch, calls } = fakeFetch({ 'https://e.com/all.ts': () => ({ status: 200, body: file }) });
    const load = createSegmentLoader(fetch);
    const data = await load(segment('https://e.com/all.ts', { byterange: { offset: 10, length: 5 } }), signal);
    expect([...data]).toEqual([10, 11, 12, 13, 14]);
    expect(calls[0]!.headers).toEqual({ Range: 'bytes=10-14' });
  });

  it('refuses a short answer to a byte range', async () => {
    const { fetch } = fakeFetch({ 'https://e.com/all.ts': () => ({ status: 206, body: file.subarray(0, 3) }) });
    await expect(
      createSegmentLoader(fetch)(segment('https://e.com/all.ts', { byterange: { offset: 50, length: 5 } }), signal),
    ).rejects.toMatchObject({
      code: 'http',
    });
  });

  it('turns statuses, network failures and relative addresses into typed errors', async () => {
    const { fetch } = fakeFetch({ 'https://e.com/gone.ts': () => ({ status: 404 }) });
    const load = createSegmentLoader(fetch);
    await expect(load(segment('https://e.com/gone.ts'), signal)).rejects.toMatchObject({
      code: 'http',
      status: 404,
      url: 'https://e.com/gone.ts',
    });
    await expect(load(segment('https://unreachable.example/a.ts'), signal)).rejects.toMatchObject({
      code: 'http',
      message: 'fetch failed',
    });
    await expect(load(segment('a.ts'), signal)).rejects.toMatchObject({ code: 'relative-uri', url: 'a.ts' });
  });

  it('fetches a key once for all its segments, and again after it failed', async () => {
    const key = new Uint8Array(16).fill(1);
    const iv = new Uint8Array(16);
    const cipher = createCipheriv('aes-128-cbc', key, iv);
    const encrypted = new Uint8Array(Buffer.concat([cipher.update(Buffer.from('hello segment')), cipher.final()]));
    let keyAnswers = [500, 200, 200];
    const { fetch, calls } = fakeFetch({
      'https://e.com/s.ts': () => ({ status: 200, body: encrypted }),
      'https://e.com/k': () => {
        const [status = 200, ...rest] = keyAnswers;
        keyAnswers = rest;
        return { status, body: key };
      },
    });
    const load = createSegmentLoader(fetch);
    const encryptedSegment = segment('https://e.com/s.ts', { key: { method: 'AES-128', uri: 'https://e.com/k', iv: undefined }, iv });
    await expect(load(encryptedSegment, signal)).rejects.toMatchObject({ code: 'key', status: 500 });
    for (let i = 0; i < 3; i++) expect(new TextDecoder().decode(await load(encryptedSegment, signal))).toBe('hello segment');
    expect(calls.filter((call) => call.url === 'https://e.com/k')).toHaveLength(2);
  });

  it('refuses a key that is not 16 bytes', async () => {
    const { fetch } = fakeFetch({
      'https://e.com/s.ts': () => ({ status: 200, body: new Uint8Array(16) }),
      'https://e.com/k': () => ({ status: 200, body: new TextEncoder().encode('<html>nope</html>') }),
    });
    const encryptedSegment = segment('https://e.com/s.ts', {
      key: { method: 'AES-128', uri: 'https://e.com/k', iv: undefined },
      iv: new Uint8Array(16),
    });
    await expect(createSegmentLoader(fetch)(encryptedSegment, signal)).rejects.toMatchObject({ code: 'key', url: 'https://e.com/k' });
  });
});
