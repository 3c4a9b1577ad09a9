import { describe, expect, it, vi } from 'vitest';
import { debounce, DEFAULT_WAIT_MS, formatCompactNumber, formatFileSize, fileTimestamp, formatNameList, throttle } from './format';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2 * 1.234, '1.23 MB'],
    [1024 ** 3 * 5, '5 GB'],
    [1024 ** 8, '1 YB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.3K'],
    [999_949, '999.9K'],
    [1_000_000, '1M'],
    [2_345_678, '2.3M'],
    [5_000_000_000, '5000M'],
  ])('formats %d as %s', (value, text) => {
    expect(formatCompactNumber(value)).toBe(text);
  });
});

describe('debounce and throttle', () => {
  it('wait 500 ms by default', () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const debounced = debounce((value: string) => calls.push(`d:${value}`));
      const throttled = throttle((value: string) => calls.push(`t:${value}`));
      debounced('a');
      debounced('b');
      throttled('1');
      throttled('2');
      vi.advanceTimersByTime(DEFAULT_WAIT_MS - 1);
      expect(calls).toEqual(['t:1']);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['t:1', 'd:b', 't:2']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('formatNameList', () => {
  it('lists names the way each language does, cut after the limit', () => {
    expect(formatNameList(['a.png', 'b.png', 'c.png'], 'cn')).toBe('a.png、b.png、c.png');
    expect(formatNameList(['a.png', 'b.png', 'c.png'], 'en')).toBe('a.png, b.png, c.png');
    expect(formatNameList(['a', 'b', 'c', 'd'], 'en', 3)).toBe('a, b, c…');
    expect(formatNameList(['a', 'b', 'c'], 'en', 3)).toBe('a, b, c');
    expect(formatNameList([], 'cn')).toBe('');
  });
});

describe('fileTimestamp', () => {
  it('is the local date and time, zero-padded, without separators a file name cannot hold', () => {
    expect(fileTimestamp(new Date(2026, 0, 5, 7, 8, 9))).toBe('20260105-070809');
  });
});
