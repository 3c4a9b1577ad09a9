import { describe, expect, it } from 'vitest';
import { isChunkLoadError, RELOAD_GUARD_MS, reloadOnceForChunkError } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

describe('chunk reload guard', () => {
  it('recognises the dynamic-import failures of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once per 60 s window', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadOnceForChunkError(1_000_000, storage, reload)).toBe(true);
    expect(reloadOnceForChunkError(1_000_000 + RELOAD_GUARD_MS - 1, storage, reload)).toBe(false);
    expect(reloadOnceForChunkError(1_000_000 + RELOAD_GUARD_MS, storage, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});
