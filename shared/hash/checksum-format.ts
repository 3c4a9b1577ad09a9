import type { HashAlgorithm } from '../contracts/hash';

/** Hex digest length per algorithm; SHA-256 and SM3 share 64, which `algorithmsForHexLength` reports as two candidates. */
export const HEX_LENGTH: Record<HashAlgorithm, number> = { md5: 32, sha1: 40, sha256: 64, sha512: 128, crc32: 8, sm3: 64 };

/** Tag names of the BSD-style `--tag` output of coreutils (`SHA256 (name) = …`); CRC32 has no coreutils tag, so we write `CRC32`. */
export const BSD_TAG: Record<HashAlgorithm, string> = {
  md5: 'MD5',
  sha1: 'SHA1',
  sha256: 'SHA256',
  sha512: 'SHA512',
  crc32: 'CRC32',
  sm3: 'SM3',
};

const HEX = /^[0-9a-f]+$/;

export function algorithmsForHexLength(length: number): HashAlgorithm[] {
  return (Object.keys(HEX_LENGTH) as HashAlgorithm[]).filter((algorithm) => HEX_LENGTH[algorithm] === length);
}

/** A digest as the user wants to see it: lower-case by default (what `sha256sum` prints), upper-case on request. */
export function displayDigest(hex: string, uppercase: boolean): string {
  return uppercase ? hex.toUpperCase() : hex.toLowerCase();
}

/**
 * One line of `sha256sum` / `md5sum` output: `<hex>  <name>` (two spaces = text mode). Like GNU
 * coreutils, a name with a backslash or newline is escaped and the line starts with a backslash, so
 * `sha256sum -c` reads the file back correctly.
 */
export function formatSumLine(hex: string, name: string): string {
  if (!/[\\\n\r]/.test(name)) return `${hex}  ${name}`;
  return `\\${hex}  ${name.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}`;
}

/** One line of coreutils' `--tag` output, e.g. `SHA256 (a.txt) = …`, which names the algorithm so several can share a file. */
export function formatTagLine(algorithm: HashAlgorithm, hex: string, name: string): string {
  return `${BSD_TAG[algorithm]} (${name}) = ${hex}`;
}

export interface ExpectedHash {
  /** Lower-case hex. */
  readonly hex: string;
  /** Algorithms whose digest has this length (a tagged line narrows it to one). */
  readonly algorithms: readonly HashAlgorithm[];
  /** File name when the line came from a checksum list, so it applies to that file only. */
  readonly name?: string;
}

const TAG_TO_ALGORITHM = new Map((Object.entries(BSD_TAG) as [HashAlgorithm, string][]).map(([algorithm, tag]) => [tag, algorithm]));
TAG_TO_ALGORITHM.set('SHA-1', 'sha1').set('SHA-256', 'sha256').set('SHA-512', 'sha512');

function unescapeName(name: string): string {
  return name.replace(/\\(\\|n|r)/g, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : '\\'));
}

/** Strips what people paste around a digest: `0x`, spaces or colons between byte pairs, case. */
function normalizeHex(raw: string): string | undefined {
  const compact = raw
    .trim()
    .replace(/^0x/i, '')
    .replace(/[\s:-]/g, '')
    .toLowerCase();
  return compact.length > 0 && HEX.test(compact) && algorithmsForHexLength(compact.length).length > 0 ? compact : undefined;
}

function parseLine(line: string): ExpectedHash | undefined {
  const tagged = /^\\?([A-Z0-9-]+) \((.*)\) = ([0-9a-fA-F]+)$/.exec(line);
  if (tagged) {
    const algorithm = TAG_TO_ALGORITHM.get(tagged[1] ?? '');
    const hex = normalizeHex(tagged[3] ?? '');
    if (!algorithm || !hex || HEX_LENGTH[algorithm] !== hex.length) return undefined;
    return { hex, algorithms: [algorithm], name: line.startsWith('\\') ? unescapeName(tagged[2] ?? '') : tagged[2] };
  }
  const sum = /^(\\?)([0-9a-fA-F]+) [ *](.+)$/.exec(line);
  if (sum) {
    const hex = normalizeHex(sum[2] ?? '');
    if (!hex) return undefined;
    const name = sum[1] ? unescapeName(sum[3] ?? '') : (sum[3] ?? '');
    return { hex, algorithms: algorithmsForHexLength(hex.length), name };
  }
  const hex = normalizeHex(line);
  return hex ? { hex, algorithms: algorithmsForHexLength(hex.length) } : undefined;
}

/**
 * Reads what a user pasted as "expected hash": a bare digest in any case (also `0x…` or
 * `AA:BB:…`), or any number of lines in `sha256sum`, `md5sum` or `--tag` format. The algorithm is
 * detected from the digest length (and the tag, when there is one). Returns the entries it
 * understood and how many non-empty lines it could not read.
 */
export function parseExpectedHashes(text: string): { entries: ExpectedHash[]; unreadable: number } {
  const entries: ExpectedHash[] = [];
  let unreadable = 0;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const entry = parseLine(line);
    if (entry) entries.push(entry);
    else unreadable += 1;
  }
  return { entries, unreadable };
}

export type CompareOutcome =
  | { status: 'match'; algorithm: HashAlgorithm; expected: string }
  | { status: 'mismatch'; algorithms: readonly HashAlgorithm[]; expected: string }
  /** The pasted digest is of an algorithm that was not computed for this file. */
  | { status: 'not-computed'; algorithms: readonly HashAlgorithm[]; expected: string };

/**
 * Compares a file's digests with the pasted expectations. An entry naming this file wins; entries
 * without a name apply to every file. Returns undefined when nothing pasted concerns this file.
 */
export function compareWithExpected(
  fileName: string,
  digests: Partial<Record<HashAlgorithm, string>>,
  expected: readonly ExpectedHash[],
): CompareOutcome | undefined {
  const named = expected.filter((entry) => entry.name === fileName);
  const relevant = named.length > 0 ? named : expected.filter((entry) => entry.name === undefined);
  let fallback: CompareOutcome | undefined;
  for (const entry of relevant) {
    const computed = entry.algorithms.filter((algorithm) => digests[algorithm] !== undefined);
    const hit = computed.find((algorithm) => digests[algorithm]?.toLowerCase() === entry.hex);
    if (hit) return { status: 'match', algorithm: hit, expected: entry.hex };
    if (computed.length > 0) fallback = { status: 'mismatch', algorithms: computed, expected: entry.hex };
    else fallback ??= { status: 'not-computed', algorithms: entry.algorithms, expected: entry.hex };
  }
  return fallback;
}
