import { filesize } from 'filesize';
import { debounce as lodashDebounce, throttle as lodashThrottle } from 'lodash-es';

/** Spec §9 default wait for debounce and throttle. */
export const DEFAULT_WAIT_MS = 500;

/** lodash's debounce with the spec's 500 ms default wait. */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, wait = DEFAULT_WAIT_MS) {
  return lodashDebounce(fn, wait);
}

/** lodash's throttle with the spec's 500 ms default wait. */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, wait = DEFAULT_WAIT_MS) {
  return lodashThrottle(fn, wait);
}

/** File size in B…YB, base 1024, at most 2 decimals (spec §9). */
export function formatFileSize(bytes: number): string {
  return filesize(bytes, { base: 2, standard: 'jedec', round: 2 });
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, useGrouping: false });

/** Spec §9: under 1000 as is; under a million as K with 1 decimal; above that as M. */
export function formatCompactNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs < 1000) return String(value);
  if (abs < 1_000_000) return `${oneDecimal.format(value / 1000)}K`;
  return `${oneDecimal.format(value / 1_000_000)}M`;
}

/**
 * Names as the language lists them ("a、b、c" in Chinese, "a, b, c" in English): the first `limit`,
 * then "…" when there were more.
 */
export function formatNameList(names: readonly string[], language: string, limit = Number.POSITIVE_INFINITY): string {
  const list = new Intl.ListFormat(language === 'en' ? 'en' : 'zh-CN', { type: 'conjunction', style: 'narrow' }).format(
    names.slice(0, limit),
  );
  return names.length > limit ? `${list}…` : list;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** `20261122-153012`, local time: for default file names, so successive ones do not collide. */
export function fileTimestamp(now: Date): string {
  return `${now.getFullYear()}${pad2(now.getMonth() + 1)}${pad2(now.getDate())}-${pad2(now.getHours())}${pad2(now.getMinutes())}${pad2(now.getSeconds())}`;
}
