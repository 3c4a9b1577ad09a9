import { describe, expect, it } from 'vitest';
import { asRanking, formatDonationTime, formatYuan } from './donation.service';

describe('donation formatting', () => {
  it('shows yuan with spec §9 number formatting', () => {
    expect(formatYuan(0)).toBe('¥0');
    expect(formatYuan(1234)).toBe('¥12.34');
    expect(formatYuan(99_999)).toBe('¥999.99');
    expect(formatYuan(100_000)).toBe('¥1K');
    expect(formatYuan(123_456)).toBe('¥1.2K');
    expect(formatYuan(250_000_000)).toBe('¥2.5M');
  });

  it('writes times as yyyy-MM-dd HH:mm in local time', () => {
    expect(formatDonationTime(new Date(2026, 10, 28, 9, 5).getTime())).toBe('2026-11-28 09:05');
  });

  it('accepts only a ranking-shaped live message', () => {
    const ranking = {
      supporters: [{ key: 'a1', totalCents: 100, count: 1, lastTime: 5 }],
      supporterCount: 1,
      donationCount: 1,
      totalCents: 100,
    };
    expect(asRanking(ranking)).toBe(ranking);
    expect(asRanking(null)).toBeUndefined();
    expect(asRanking({ ...ranking, totalCents: '100' })).toBeUndefined();
    expect(asRanking({ ...ranking, supporters: [{ key: 'a1', totalCents: -1, lastTime: 5 }] })).toBeUndefined();
    expect(asRanking({ ...ranking, supporters: 'x' })).toBeUndefined();
  });
});
