import type { DonationRanking } from '@shared/contracts/donations-base';
import { formatCompactNumber } from '@/lib/format';

/** CNY cents as yuan in spec §9's number formatting: under 1000 as is (cents kept), then K and M. */
export function formatYuan(cents: number): string {
  return `¥${formatCompactNumber(Math.round(cents) / 100)}`;
}

/** yyyy-MM-dd HH:mm (spec §9's timestamp without seconds: donations are recorded by hand). */
export function formatDonationTime(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * A live message is the server's ranking; the page checks its shape by hand (zod stays out of the
 * page) and ignores anything else rather than drawing a broken table.
 */
export function asRanking(data: unknown): DonationRanking | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const ranking = data as Partial<DonationRanking>;
  if (
    !Array.isArray(ranking.supporters) ||
    !isCount(ranking.totalCents) ||
    !isCount(ranking.supporterCount) ||
    !isCount(ranking.donationCount)
  )
    return undefined;
  const valid = ranking.supporters.every(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { key?: unknown }).key === 'string' &&
      isCount((entry as { totalCents?: unknown }).totalCents) &&
      isCount((entry as { lastTime?: unknown }).lastTime),
  );
  return valid ? (ranking as DonationRanking) : undefined;
}
