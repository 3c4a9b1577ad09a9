import { normalizePairCode, pairCodeSchema } from '@shared/contracts/p2p';

/** Paired codes as stored: valid, distinct, newest first, at most `limit`. Anything else is dropped. */
export function parsePairedCodes(stored: unknown, limit = 20): string[] {
  if (!Array.isArray(stored)) return [];
  const codes: string[] = [];
  for (const item of stored) {
    if (typeof item !== 'string') continue;
    const code = normalizePairCode(item);
    if (pairCodeSchema.safeParse(code).success && !codes.includes(code)) codes.push(code);
  }
  return codes.slice(0, limit);
}

/** A typed code, normalized, or undefined when it cannot be one. */
export function readPairCode(typed: string): string | undefined {
  const code = normalizePairCode(typed);
  return pairCodeSchema.safeParse(code).success ? code : undefined;
}
