import { filesize } from 'filesize';

export { debounce, throttle } from 'lodash-es';

/** Spec §9 default wait for debounce and throttle. */
export const DEFAULT_WAIT_MS = 500;

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
