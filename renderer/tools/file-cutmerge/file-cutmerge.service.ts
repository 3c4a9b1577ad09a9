import { isOneOf } from '@/lib/field-checks';
import { isListOf, isNumber, isRefined, isShape, isText } from '@/lib/shape-checks';
import type { Checked } from '@/lib/field-checks';
import { SLICE_COUNT, SLICE_THRESHOLD_BYTES } from '@shared/hash/slice-plan';

/**
 * The tool's pure logic (no DOM, no React): how a file is cut into parts, how parts are named and
 * recognised again, how picked parts are put in order and checked, and the manifest written next
 * to the parts.
 */

/** More parts than this makes no sense for a person to handle (and 4 digits always suffice). */
export const MAX_PARTS = 9999;
/** Spec §9: files of 1 MB or more are split into 100 slices. */
export const DEFAULT_PART_COUNT = SLICE_COUNT;
/** Below 1 MB the spec's 100 slices would be crumbs of a few KB, so the default is two halves. */
export const SMALL_FILE_PART_COUNT = 2;
export const SIZE_UNITS = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

export type PlanError = 'empty' | 'tooManyParts' | 'invalidCount' | 'invalidSize';

export interface PartPlan {
  /** Bytes of every part but the last. */
  readonly partSize: number;
  readonly count: number;
  /** Bytes of the last part (equal to partSize when the file divides evenly). */
  readonly lastSize: number;
}

export type PlanResult = { ok: true; plan: PartPlan } | { ok: false; error: PlanError };

/** The part count a file gets before the user changes anything: 100 from 1 MB on (spec §9), else 2. */
export function defaultPartCount(size: number): number {
  if (size >= SLICE_THRESHOLD_BYTES) return DEFAULT_PART_COUNT;
  return Math.max(1, Math.min(SMALL_FILE_PART_COUNT, size));
}

function planFromPartSize(size: number, partSize: number): PlanResult {
  const count = Math.ceil(size / partSize);
  if (count > MAX_PARTS) return { ok: false, error: 'tooManyParts' };
  return { ok: true, plan: { partSize, count, lastSize: size - partSize * (count - 1) } };
}

/**
 * Parts of equal size except a shorter last one, as 7-Zip and HJSplit cut them, so a part whose
 * size differs from the others stands out when merging. The part size is the requested count's
 * share rounded up, so a tiny file may give fewer parts than asked (10 bytes in 6 gives 5 of 2).
 */
export function planByCount(size: number, count: number): PlanResult {
  if (!Number.isSafeInteger(size) || size <= 0) return { ok: false, error: 'empty' };
  if (!Number.isInteger(count) || count < 1) return { ok: false, error: 'invalidCount' };
  if (count > MAX_PARTS) return { ok: false, error: 'tooManyParts' };
  return planFromPartSize(size, Math.ceil(size / Math.min(count, size)));
}

export function planBySize(size: number, partSize: number): PlanResult {
  if (!Number.isSafeInteger(size) || size <= 0) return { ok: false, error: 'empty' };
  if (!Number.isSafeInteger(partSize) || partSize < 1) return { ok: false, error: 'invalidSize' };
  return planFromPartSize(size, Math.min(partSize, size));
}

/** The [start, end) byte range of each part, in order. */
export function partRanges(plan: PartPlan): Array<readonly [number, number]> {
  return Array.from({ length: plan.count }, (_, index) => {
    const start = index * plan.partSize;
    return [start, start + (index === plan.count - 1 ? plan.lastSize : plan.partSize)] as const;
  });
}

/** `movie.mkv.001` … : three digits like 7-Zip and HJSplit, more once there are over 999 parts, so names sort in order. */
export function partName(fileName: string, index: number, count: number): string {
  return `${fileName}.${String(index).padStart(Math.max(3, String(count).length), '0')}`;
}

/** The manifest lives next to the parts: `movie.mkv.baibao.json`. */
export const MANIFEST_SUFFIX = '.baibao.json';
export const manifestName = (fileName: string) => `${fileName}${MANIFEST_SUFFIX}`;
export const isManifestName = (name: string) => name.toLowerCase().endsWith(MANIFEST_SUFFIX);
/** A manifest of 9999 parts is well under 1 MB; anything bigger is not ours. */
export const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;

export interface ParsedPartName {
  /** The original file's name, e.g. `movie.mkv`. */
  readonly base: string;
  readonly index: number;
}

/**
 * Reads the index from the naming schemes in common use: `name.001` (7-Zip, HJSplit, WinRAR's
 * "split to volumes" for non-archives, this tool), `name.1`, and `name.part1` / `name.part_01` /
 * `name.part.1`. RAR's `name.part1.rar` volumes are archives, not raw cuts, and are left alone.
 */
export function parsePartName(name: string): ParsedPartName | null {
  const match = /^(.+?)\.(?:part[._-]?)?(\d{1,6})$/i.exec(name);
  if (!match?.[1] || !match[2]) return null;
  return { base: match[1], index: Number(match[2]) };
}

const hex = (length: number) => isText({ pattern: new RegExp(`^[0-9a-f]{${length}}$`) });
const byteCount = (min: number) => isNumber({ integer: true, min, max: Number.MAX_SAFE_INTEGER });

const manifestSchema = isRefined(
  isShape(
    {
      format: isOneOf(['baibao-file-split']),
      version: isOneOf([1]),
      name: isText({ min: 1, max: 1024 }),
      size: byteCount(1),
      createdAt: isText({ max: 64 }),
      md5: hex(32),
      parts: isListOf(isShape({ name: isText({ min: 1, max: 1100 }), size: byteCount(1), crc32: hex(8) }, { strict: true }), {
        min: 1,
        max: MAX_PARTS,
      }),
    },
    { strict: true },
  ),
  // The part sizes must add up to the file size.
  (manifest) => manifest.parts.reduce((sum, part) => sum + part.size, 0) === manifest.size,
);

export type Manifest = Checked<typeof manifestSchema>;

export interface ManifestInput {
  name: string;
  size: number;
  md5: string;
  parts: ReadonlyArray<{ name: string; size: number; crc32: string }>;
  createdAt: Date;
}

export function buildManifest(input: ManifestInput): Manifest {
  const built = manifestSchema.safeParse({
    format: 'baibao-file-split',
    version: 1,
    name: input.name,
    size: input.size,
    createdAt: input.createdAt.toISOString(),
    md5: input.md5,
    parts: input.parts.map((part) => ({ name: part.name, size: part.size, crc32: part.crc32 })),
  });
  if (!built.success) throw new Error('file-cutmerge: the parts do not make a valid manifest');
  return built.data;
}

export const serializeManifest = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** The manifest's text, validated; `null` when it is not JSON or not a manifest of this tool. */
export function parseManifest(text: string): Manifest | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const result = manifestSchema.safeParse(json);
  return result.success ? result.data : null;
}

export interface PickedPart {
  readonly name: string;
  readonly size: number;
}

export type MergeIssue =
  /** Two picked files claim the same position: the order is ambiguous, so merging is blocked. */
  | { kind: 'duplicate'; index: number; names: string[] }
  | { kind: 'missing'; indexes: number[] }
  | { kind: 'mixedNames'; bases: string[] }
  | { kind: 'sizeMismatch'; name: string; expected: number; actual: number }
  /** Files whose names carry no part number (and the manifest does not list): left out. */
  | { kind: 'unrecognized'; names: string[] }
  /** Parts numbered beyond the manifest's count. */
  | { kind: 'extra'; names: string[] };

export interface OrderedPart<T extends PickedPart> {
  readonly part: T;
  readonly index: number;
  /** The manifest's entry for this position, when a manifest was picked. */
  readonly expected?: Manifest['parts'][number];
}

export interface MergePlan<T extends PickedPart> {
  readonly parts: ReadonlyArray<OrderedPart<T>>;
  readonly issues: readonly MergeIssue[];
  /** Suggested name of the merged file. */
  readonly outputName: string;
  readonly totalSize: number;
}

export const isBlocking = (issue: MergeIssue) => issue.kind === 'duplicate';

/**
 * Puts picked parts in order by their number (or by the manifest's names when a manifest came
 * with them) and lists everything suspicious: gaps, duplicates, parts of different files, parts
 * whose size differs from the manifest or, without one, from the first part.
 */
export function planMerge<T extends PickedPart>(picked: readonly T[], manifest?: Manifest | null): MergePlan<T> {
  const issues: MergeIssue[] = [];
  const byManifestName = new Map(manifest?.parts.map((part, position) => [part.name, position + 1]));
  const numbered: Array<{ part: T; index: number; base: string | null }> = [];
  const unrecognized: string[] = [];
  for (const part of picked) {
    const listed = byManifestName.get(part.name);
    const parsed = parsePartName(part.name);
    if (listed !== undefined) numbered.push({ part, index: listed, base: manifest?.name ?? null });
    else if (parsed) numbered.push({ part, index: parsed.index, base: parsed.base });
    else unrecognized.push(part.name);
  }
  if (unrecognized.length > 0) issues.push({ kind: 'unrecognized', names: unrecognized });
  numbered.sort((a, b) => a.index - b.index || a.part.name.localeCompare(b.part.name));

  const bases = [...new Set(numbered.map((entry) => entry.base).filter((base): base is string => base !== null))];
  if (bases.length > 1) issues.push({ kind: 'mixedNames', bases });

  for (let at = 0; at < numbered.length;) {
    let end = at + 1;
    while (end < numbered.length && numbered[end]?.index === numbered[at]?.index) end += 1;
    if (end - at > 1)
      issues.push({ kind: 'duplicate', index: numbered[at]?.index ?? 0, names: numbered.slice(at, end).map((entry) => entry.part.name) });
    at = end;
  }

  const indexes = new Set(numbered.map((entry) => entry.index));
  // Parts are numbered from 1 (7-Zip, HJSplit); some tools start at 0, which a picked `.000` reveals.
  const first = indexes.has(0) ? 0 : 1;
  const last = manifest ? manifest.parts.length : Math.max(0, ...indexes);
  const missing: number[] = [];
  for (let index = first; index <= last; index += 1) if (!indexes.has(index)) missing.push(index);
  if (missing.length > 0 && numbered.length > 0) issues.push({ kind: 'missing', indexes: missing });
  if (manifest) {
    const extra = numbered.filter((entry) => entry.index > manifest.parts.length || entry.index < 1).map((entry) => entry.part.name);
    if (extra.length > 0) issues.push({ kind: 'extra', names: extra });
  }

  const parts = numbered.map(({ part, index }) => ({ part, index, expected: manifest?.parts[index - 1] }));
  for (const [position, entry] of parts.entries()) {
    // Without a manifest only the last part may be shorter than the first one.
    const expected =
      entry.expected?.size ??
      (position < parts.length - 1 || entry.part.size > (parts[0]?.part.size ?? 0) ? parts[0]?.part.size : undefined);
    if (expected !== undefined && expected !== entry.part.size)
      issues.push({ kind: 'sizeMismatch', name: entry.part.name, expected, actual: entry.part.size });
  }

  return {
    parts,
    issues,
    outputName: manifest?.name ?? bases[0] ?? 'merged',
    totalSize: parts.reduce((sum, entry) => sum + entry.part.size, 0),
  };
}

/** `[3, 7, 8, 9]` → `3, 7–9`: a gap list a person can read even when hundreds are missing. */
export function formatIndexRanges(indexes: readonly number[], limit = 12): string {
  const runs: string[] = [];
  for (let at = 0; at < indexes.length;) {
    let end = at;
    while (end + 1 < indexes.length && indexes[end + 1] === (indexes[end] ?? 0) + 1) end += 1;
    runs.push(end > at ? `${indexes[at]}–${indexes[end]}` : String(indexes[at]));
    at = end + 1;
  }
  return runs.length > limit ? `${runs.slice(0, limit).join(', ')}, …` : runs.join(', ');
}

export type Verdict = { status: 'verified' } | { status: 'mismatch'; badParts: string[] } | { status: 'unverified' };

/** Compares the digests of the merged parts with the manifest written when they were cut. */
export function verifyAgainstManifest(
  manifest: Manifest | null | undefined,
  md5: string,
  parts: ReadonlyArray<{ name: string; crc32: string; expected?: { crc32: string } }>,
  size: number,
): Verdict {
  if (!manifest) return { status: 'unverified' };
  if (md5 === manifest.md5 && size === manifest.size) return { status: 'verified' };
  return {
    status: 'mismatch',
    badParts: parts.filter((part) => part.expected && part.expected.crc32 !== part.crc32).map((part) => part.name),
  };
}

/** A byte count as a whole number of the largest unit it reaches, rounded up: 3.1 MB → 4 MB. Seeds the size field from the count plan. */
export function suggestUnitSize(bytes: number): { value: number; unit: SizeUnit } {
  const unit: SizeUnit = bytes >= SIZE_UNITS.GB ? 'GB' : bytes >= SIZE_UNITS.MB ? 'MB' : 'KB';
  return { value: Math.max(1, Math.ceil(bytes / SIZE_UNITS[unit])), unit };
}

export interface StartingValues {
  readonly count: number;
  readonly size: { value: number; unit: SizeUnit };
}

/** The split form's starting values for a file of `size` bytes: the default part count, and the part size it gives. */
export function startingValues(size: number): StartingValues {
  const count = defaultPartCount(size);
  return { count, size: suggestUnitSize(Math.ceil(size / count)) };
}

/** Characters Windows, macOS or Linux refuse in a file name (control characters are checked apart). */
const FORBIDDEN_NAME = /[/\\:*?"<>|]/;

export const isValidFileName = (name: string) =>
  name.trim().length > 0 &&
  name.length <= 255 &&
  !FORBIDDEN_NAME.test(name) &&
  ![...name].some((char) => char.charCodeAt(0) < 32) &&
  name !== '.' &&
  name !== '..';
