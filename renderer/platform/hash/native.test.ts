import { describe, expect, it } from 'vitest';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashProgress } from '@shared/contracts/hash';
import type { NativeApi } from '@shared/contracts/native';
import { createNativeHash } from './native';

const file = { name: 'a.bin', size: 3, slice: () => ({ arrayBuffer: async () => new ArrayBuffer(0) }) };

/** A NativeApi whose hashFile stays pending until the test settles it, recording what it was given. */
function fakeNative() {
  const cancelled: string[] = [];
  const jobs: { jobId: string; onProgress?: (p: HashProgress) => void; finish: (digests: Record<string, string>) => void }[] = [];
  const native: NativeApi = {
    app: { apiUrl: '', info: async () => ({ version: '1', platform: 'linux', arch: 'x64' }) },
    hash: {
      hashFile: (_file, _algorithms, jobId, onProgress) => new Promise((resolve) => jobs.push({ jobId, onProgress, finish: resolve })),
      cancel: async (jobId) => {
        cancelled.push(jobId);
      },
    },
    image: {
      hasPath: () => false,
      probe: () => Promise.reject(new Error('not used by the hash tests')),
      process: () => Promise.reject(new Error('not used by the hash tests')),
      cancel: async () => undefined,
    },
    openedFiles: { take: async () => [], onOpened: () => () => undefined },
    pdf: { saveHtml: () => Promise.reject(new Error('not used by the hash tests')) },
    systemInfo: { native: () => Promise.reject(new Error('not used by the hash tests')) },
    screenAwake: { keep: () => Promise.reject(new Error('not used by the hash tests')) },
    hls: { fetch: () => Promise.reject(new Error('not used by the hash tests')), cancel: async () => undefined },
    hlsMp4: {
      ffmpeg: async () => undefined,
      open: () => Promise.reject(new Error('not used by the hash tests')),
      write: () => Promise.reject(new Error('not used by the hash tests')),
      close: () => Promise.reject(new Error('not used by the hash tests')),
      abort: async () => undefined,
    },
    archive: {
      hasPath: () => false,
      canCreate: () => false,
      list: () => Promise.reject(new Error('not used by the hash tests')),
      readEntry: () => Promise.reject(new Error('not used by the hash tests')),
      extract: () => Promise.reject(new Error('not used by the hash tests')),
      create: () => Promise.reject(new Error('not used by the hash tests')),
      cancel: async () => undefined,
    },
    tokens: { load: async () => ({}), save: async () => undefined, clear: async () => undefined },
    webdav: {
      check: () => Promise.reject(new Error('not used by the hash tests')),
      list: () => Promise.reject(new Error('not used by the hash tests')),
      download: () => Promise.reject(new Error('not used by the hash tests')),
      cancel: async () => undefined,
    },
    secrets: { durable: async () => false, get: async () => undefined, save: async () => undefined, delete: async () => undefined },
  };
  return { native, jobs, cancelled };
}

describe('createNativeHash', () => {
  it('uses a fresh job id per call and forwards progress and digests', async () => {
    const { native, jobs } = fakeNative();
    const hash = createNativeHash(native);
    const progress: HashProgress[] = [];
    const first = hash.hashFile(file, { algorithms: ['md5'], onProgress: (p) => progress.push(p) });
    void hash.hashFile(file, { algorithms: ['md5'] });
    expect(hash.engine).toBe('native');
    expect(jobs[0]!.jobId).not.toBe(jobs[1]!.jobId);
    jobs[0]!.onProgress?.({ loaded: 3, total: 3 });
    jobs[0]!.finish({ md5: 'abc' });
    await expect(first).resolves.toEqual({ md5: 'abc' });
    expect(progress).toEqual([{ loaded: 3, total: 3 }]);
  });

  it('rejects with HashCancelledError at once and cancels the job in main', async () => {
    const { native, jobs, cancelled } = fakeNative();
    const controller = new AbortController();
    const result = createNativeHash(native).hashFile(file, { algorithms: ['sha256'], signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toBeInstanceOf(HashCancelledError);
    expect(cancelled).toEqual([jobs[0]!.jobId]);
  });

  it('does not start a job for an already aborted signal', async () => {
    const { native, jobs } = fakeNative();
    await expect(createNativeHash(native).hashFile(file, { algorithms: ['md5'], signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      HashCancelledError,
    );
    expect(jobs).toEqual([]);
  });
});
