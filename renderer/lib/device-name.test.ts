import { describe, expect, it } from 'vitest';
import { deviceName } from '@shared/p2p/names';
import { DEVICE_SEED_KEY, deviceSeed, myDeviceName } from './device-name';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('device name seed', () => {
  it('is made once and kept, so the name stays across visits and languages', () => {
    const storage = memoryStorage();
    const seed = deviceSeed(storage);
    expect(storage.items.get(DEVICE_SEED_KEY)).toBe(String(seed));
    expect(deviceSeed(storage)).toBe(seed);
    expect(myDeviceName('en', storage)).toBe(deviceName(seed, 'en'));
    expect(myDeviceName('cn', storage)).toBe(deviceName(seed, 'cn'));
  });

  it('replaces a stored value that is not a seed', () => {
    for (const bad of ['', 'panda', '-1', '4294967296', '1e3']) {
      const storage = memoryStorage({ [DEVICE_SEED_KEY]: bad });
      const seed = deviceSeed(storage);
      expect(String(seed)).not.toBe(bad);
      expect(storage.items.get(DEVICE_SEED_KEY)).toBe(String(seed));
    }
    expect(deviceSeed(memoryStorage({ [DEVICE_SEED_KEY]: '17' }))).toBe(17);
  });

  it('lasts the page where storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    const seed = deviceSeed(refusing);
    expect(deviceSeed(refusing)).toBe(seed);
  });
});
