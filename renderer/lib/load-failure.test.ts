import { describe, expect, it } from 'vitest';
import { ArchiveError } from '@shared/contracts/archive';
import { ImageError } from '@shared/contracts/image';
import { isComponentUnavailable, isLoadFailure, whileLoading } from './load-failure';
import { WorkerCrashed, onWorkerCrash } from './worker-pool';
import type { PoolWorker } from './worker-pool';

describe('isLoadFailure', () => {
  it('recognises failed downloads of chunks, fetches and Emscripten wasm in each browser', () => {
    expect(isLoadFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://a/assets/encode-x.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isLoadFailure(new TypeError('Load failed'))).toBe(true);
    expect(isLoadFailure(new Error('Aborted(both async and sync fetching of the wasm failed)'))).toBe(true);
    // 7-Zip's Emscripten in a worker: its synchronous XHR fallback failed too.
    expect(
      isLoadFailure(
        new WebAssembly.RuntimeError(
          "Aborted(NetworkError: Failed to execute 'send' on 'XMLHttpRequest': Failed to load 'https://a/assets/7zz-x.wasm'.)",
        ),
      ),
    ).toBe(true);
    // Emscripten rejects with a RuntimeError whose message carries the cause.
    expect(isLoadFailure('failed to asynchronously prepare wasm: TypeError: Failed to fetch')).toBe(true);
  });

  it('leaves failures of the work itself alone', () => {
    expect(isLoadFailure(new Error('image:decode: not a decodable image'))).toBe(false);
    expect(isLoadFailure(new WebAssembly.RuntimeError('unreachable'))).toBe(false);
    expect(isLoadFailure(undefined)).toBe(false);
  });
});

describe('whileLoading', () => {
  it('translates a failed download and passes other errors and results through', async () => {
    const translate = (error: unknown) => new Error(`offline: ${String(error)}`);
    await expect(whileLoading(() => Promise.reject(new TypeError('Failed to fetch')), translate)).rejects.toThrow(
      'offline: TypeError: Failed to fetch',
    );
    const own = new Error('image:tooLarge');
    await expect(whileLoading(() => Promise.reject(own), translate)).rejects.toBe(own);
    await expect(whileLoading(() => Promise.resolve(7), translate)).resolves.toBe(7);
  });
});

/** The WorkerCrashed a worker's error event turns into, as WorkerClient and WorkerPool see it. */
function crashOf(event: Event): WorkerCrashed {
  const target = Object.assign(new EventTarget(), { terminate: () => undefined, postMessage: () => undefined });
  let crashed: WorkerCrashed | undefined;
  onWorkerCrash(target as unknown as PoolWorker, (error) => (crashed = error));
  target.dispatchEvent(event);
  return crashed!;
}

describe('isComponentUnavailable', () => {
  it('knows a failed download by the browser’s words and by a capability’s code, also after a worker boundary', () => {
    expect(isComponentUnavailable(new TypeError('Failed to fetch dynamically imported module: https://a/assets/heic-x.js'))).toBe(true);
    expect(isComponentUnavailable(new ImageError('codecUnavailable', 'TypeError: Failed to fetch'))).toBe(true);
    // Comlink hands the worker's ImageError over as a plain Error: only the message is left.
    expect(isComponentUnavailable(new Error(new ImageError('codecUnavailable').message))).toBe(true);
    expect(isComponentUnavailable(new ArchiveError('codecUnavailable'))).toBe(true);
  });

  it('leaves the file’s own failures alone', () => {
    expect(isComponentUnavailable(new ImageError('decode', 'Failed to decode'))).toBe(false);
    expect(isComponentUnavailable(new ImageError('unsupportedInput', 'tiff'))).toBe(false);
    expect(isComponentUnavailable(new Error('image:codecUnavailableX'))).toBe(false);
    expect(isComponentUnavailable(null)).toBe(false);
  });

  it('tells a worker whose script never arrived from one that crashed while working', () => {
    // Chromium fires a bare Event when the script (or a chunk it imports) cannot be fetched…
    const unloaded = crashOf(new Event('error'));
    expect(unloaded).toBeInstanceOf(WorkerCrashed);
    expect(unloaded.loadFailed).toBe(true);
    expect(isComponentUnavailable(unloaded)).toBe(true);
    // …and an ErrorEvent, with where it was thrown, for an error that escaped the worker's code.
    const thrown = crashOf(Object.assign(new Event('error'), { message: 'Uncaught RangeError: x', filename: 'w.js', lineno: 3 }));
    expect(thrown.loadFailed).toBe(false);
    expect(isComponentUnavailable(thrown)).toBe(false);
    expect(isComponentUnavailable(crashOf(new Event('messageerror')))).toBe(false);
    expect(isComponentUnavailable(new WorkerCrashed('terminated'))).toBe(false);
  });
});
