import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatFileSize } from './format';

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
