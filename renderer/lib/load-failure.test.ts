import { describe, expect, it } from 'vitest';
import { isLoadFailure, whileLoading } from './load-failure';

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
