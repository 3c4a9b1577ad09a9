import { deviceName } from '@shared/p2p/names';
import type { DeviceNameLanguage } from '@shared/p2p/names';

/** Never change it: devices would get new names. */
export const DEVICE_SEED_KEY = 'baibao:p2p-device-seed';

type SeedStorage = Pick<Storage, 'getItem' | 'setItem'>;

let sessionSeed: number | undefined;

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

/**
 * This browser's random seed for its P2P device name, made once and kept in localStorage, so the
 * others see the same name on every visit. Where storage is refused (some private modes) the seed
 * lasts as long as the page.
 */
export function deviceSeed(storage: SeedStorage | undefined = globalThis.localStorage): number {
  try {
    const stored = storage?.getItem(DEVICE_SEED_KEY);
    if (stored && /^\d{1,10}$/.test(stored) && Number(stored) <= 0xffff_ffff) return Number(stored);
    const seed = randomSeed();
    storage?.setItem(DEVICE_SEED_KEY, String(seed));
    return seed;
  } catch {
    sessionSeed ??= randomSeed();
    return sessionSeed;
  }
}

/** This device's generated name ("灵巧的熊猫" / "Nimble Panda") in the page's language. */
export const myDeviceName = (language: DeviceNameLanguage, storage?: SeedStorage): string => deviceName(deviceSeed(storage), language);
