import { describe, expect, it } from 'vitest';
import { WebdavError } from '@shared/contracts/webdav';
import type { NativeApi } from '@shared/contracts/native';
import type { SecretStore } from '@shared/contracts/secrets';
import { createNativeWebdav } from './native';

type NativeWebdav = NativeApi['webdav'];

/** Only the WebDAV part of window.native is used; main's answers are scripted per test. */
function nativeWith(webdav: Partial<NativeWebdav>) {
  const cancelled: string[] = [];
  const api: NativeWebdav = {
    check: () => Promise.reject(new Error('unused')),
    list: () => Promise.reject(new Error('unused')),
    download: () => Promise.reject(new Error('unused')),
    cancel: async (jobId) => {
      cancelled.push(jobId);
    },
    ...webdav,
  };
  return { native: { webdav: api } as unknown as NativeApi, cancelled };
}

const noPasswords: SecretStore = {
  durable: async () => true,
  get: async () => undefined,
  save: async () => undefined,
  delete: async () => undefined,
};

const connection = { serverURL: 'https://dav.example.com/', authType: 'basic' as const, username: 'u', password: 'p' };

describe('createNativeWebdav', () => {
  it('reads the code back from a message that crossed the bridge', async () => {
    // What Electron makes of main's WebdavError: only the message, prefixed.
    const bridged = new Error("Error invoking remote method 'webdav:list': WebdavError: webdav unauthorized: 401");
    const { native } = nativeWith({ list: () => Promise.reject(bridged) });
    const error = await createNativeWebdav(native, noPasswords)
      .list(connection, '')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebdavError);
    expect((error as WebdavError).code).toBe('unauthorized');
    const { native: odd } = nativeWith({ check: () => Promise.reject(new Error('zod: serverURL')) });
    expect(
      (
        (await createNativeWebdav(odd, noPasswords)
          .check(connection)
          .catch((caught: unknown) => caught)) as WebdavError
      ).code,
    ).toBe('failed');
  });

  it('rejects at once on cancel and tells main to stop that job', async () => {
    const { native, cancelled } = nativeWith({ download: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const pending = createNativeWebdav(native, noPasswords)
      .download(connection, '/a.epub', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort();
    expect(((await pending) as WebdavError).code).toBe('cancelled');
    expect(cancelled).toHaveLength(1);
  });

  it('hands back a Blob of main’s bytes with their type, and forwards progress', async () => {
    const progress: [number, number | undefined][] = [];
    const { native } = nativeWith({
      download: async (_connection, _path, _jobId, onProgress) => {
        onProgress?.(3, 3);
        return { bytes: new Uint8Array([1, 2, 3]), contentType: 'application/epub+zip' };
      },
    });
    const blob = await createNativeWebdav(native, noPasswords).download(connection, '/a.epub', {
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(blob.type).toBe('application/epub+zip');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(progress).toEqual([[3, 3]]);
  });
});
