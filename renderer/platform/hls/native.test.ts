import { describe, expect, it, vi } from 'vitest';
import type { NativeApi } from '@shared/contracts/native';
import { createSegmentLoader } from '@shared/m3u8';
import type { ProxyError } from '@/http/proxy';
import { createNativeHls } from './native';

type NativeHls = NativeApi['hls'];

/** Only the hls part of window.native is used; main's answers are scripted per test. */
function nativeWith(fetch: NativeHls['fetch']) {
  const cancelled: string[] = [];
  const calls: { url: string; range: string | undefined; jobId: string }[] = [];
  const hls: NativeHls = {
    fetch: (url, range, jobId) => {
      calls.push({ url, range, jobId });
      return fetch(url, range, jobId);
    },
    cancel: async (jobId) => {
      cancelled.push(jobId);
    },
  };
  return { native: { hls } as unknown as NativeApi, cancelled, calls };
}

describe('createNativeHls', () => {
  it('is the direct route, passes only Range on and gives main’s answer back as the core reads it', async () => {
    const { native, calls } = nativeWith(async (url) => ({ status: 206, url, bytes: new Uint8Array([1, 2, 3, 4]) }));
    const hls = createNativeHls(native);
    expect(hls.route).toBe('direct');
    const load = createSegmentLoader(hls.fetch);
    const segment = { index: 0, uri: 'https://cdn.example/all.ts', duration: 4, byterange: { offset: 100, length: 4 } };
    expect([...(await load(segment as never, new AbortController().signal))]).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([{ url: 'https://cdn.example/all.ts', range: 'bytes=100-103', jobId: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    const answer = await hls.fetch('https://cdn.example/gone.ts', {});
    expect(answer).toMatchObject({ ok: true, status: 206, url: 'https://cdn.example/gone.ts' });
  });

  it('names where main ended up after redirects', async () => {
    const { native } = nativeWith(async () => ({ status: 200, url: 'https://edge.example/v/index.m3u8', bytes: new Uint8Array() }));
    expect((await createNativeHls(native).fetch('https://cdn.example/go', {})).url).toBe('https://edge.example/v/index.m3u8');
  });

  it('reports a non-2xx status as not ok', async () => {
    const { native } = nativeWith(async (url) => ({ status: 404, url, bytes: new Uint8Array() }));
    expect(await createNativeHls(native).fetch('https://cdn.example/x.ts', {})).toMatchObject({ ok: false, status: 404 });
  });

  it('rejects at once as an AbortError when aborted, and tells main to stop that request id', async () => {
    const { native, cancelled, calls } = nativeWith(() => new Promise(() => undefined));
    const controller = new AbortController();
    const pending = createNativeHls(native).fetch('https://cdn.example/slow.ts', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(cancelled).toEqual([calls[0]!.jobId]);
    await expect(createNativeHls(native).fetch('https://cdn.example/x.ts', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(1);
  });

  /** What the page gets when main's fetch fails with this message, as Electron hands it over. */
  const failure = async (message: string) => {
    const { native } = nativeWith(() => Promise.reject(new Error(`Error invoking remote method 'hls:fetch': HlsFetchError: ${message}`)));
    return (await createNativeHls(native)
      .fetch('https://cdn.example/x.ts', {})
      .catch((caught: unknown) => caught)) as ProxyError;
  };

  it('turns main’s failures into the proxy’s translated ones, which the page already tells apart', async () => {
    expect(await failure('hls unreachable: ECONNREFUSED connect ECONNREFUSED 10.0.0.9:80')).toMatchObject({
      name: 'ProxyError',
      kind: 'network',
      keys: ['proxy.upstreamFailed'],
      message: '无法连接对方服务器',
    });
    expect(await failure('hls timeout: 60')).toMatchObject({
      kind: 'network',
      keys: ['proxy.timeout'],
      message: '对方服务器 60 秒内没有响应',
    });
    expect(await failure('hls tooManyRedirects: 5')).toMatchObject({ kind: 'refused', keys: ['proxy.tooManyRedirects'] });
    expect(await failure('hls tooLarge: 268435456')).toMatchObject({
      kind: 'responseTooLarge',
      message: '对方服务器返回的内容超过 256 MB，已中断',
    });
    expect(await failure('hls badUrl: ftp:')).toMatchObject({ kind: 'refused', keys: ['proxy.badUrl'] });
    expect(await failure('hls cancelled')).toMatchObject({ name: 'AbortError' });
    // Refused by main's argument check: main's own words, without Electron's wrapping.
    const odd = await failure('hls:fetch: invalid arguments: ✖ url too long');
    expect(odd.message).toBe('hls:fetch: invalid arguments: ✖ url too long');
  });

  it('speaks English on an English page', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    try {
      expect((await failure('hls unreachable: ENOTFOUND')).message).toBe('The server cannot be reached');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
