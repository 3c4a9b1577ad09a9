import { describe, expect, it } from 'vitest';
import type { NativeApi } from '@shared/contracts/native';
import { createSegmentLoader } from '@shared/m3u8';
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
    expect(answer).toMatchObject({ ok: true, status: 206 });
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

  it('keeps main’s own message, without what Electron wraps it in', async () => {
    const { native } = nativeWith(() =>
      Promise.reject(new Error("Error invoking remote method 'hls:fetch': HlsFetchError: hls tooManyRedirects: 5")),
    );
    await expect(createNativeHls(native).fetch('https://cdn.example/x.ts', {})).rejects.toThrow(/^hls tooManyRedirects: 5$/);
  });
});
