import { describe, expect, it } from 'vitest';
import { DEVICE_NAME_COUNT, deviceName } from './names';

describe('deviceName', () => {
  it('names the same seed alike in both languages and on every call', () => {
    expect(deviceName(0, 'cn')).toBe('灵巧的熊猫');
    expect(deviceName(0, 'en')).toBe('Nimble Panda');
    expect(deviceName(17, 'en')).toBe('Brave Tiger');
    expect(deviceName(17, 'cn')).toBe('勇敢的老虎');
    expect(deviceName(4_294_967_295, 'en')).toBe(deviceName(4_294_967_295, 'en'));
  });

  it('gives every seed in one cycle its own name, and wraps after it', () => {
    const cn = new Set<string>();
    const en = new Set<string>();
    for (let seed = 0; seed < DEVICE_NAME_COUNT; seed++) {
      cn.add(deviceName(seed, 'cn'));
      en.add(deviceName(seed, 'en'));
    }
    expect(cn.size).toBe(DEVICE_NAME_COUNT);
    expect(en.size).toBe(DEVICE_NAME_COUNT);
    expect(deviceName(DEVICE_NAME_COUNT + 5, 'en')).toBe(deviceName(5, 'en'));
  });

  it('takes negative and fractional seeds without failing', () => {
    expect(deviceName(-17, 'en')).toBe('Brave Tiger');
    expect(deviceName(17.9, 'cn')).toBe('勇敢的老虎');
  });
});
