import type { ArchiveEntry } from '../contracts/archive';

/**
 * The one reader of `7zz l -slt` output (7-Zip's technical listing), for both engines: the
 * website's (renderer/platform/archive/sevenzip-core.ts) and the desktop's
 * (electron/main/adapters/archive/inspect.ts) run the same 7-Zip and must read it the same way.
 *
 * The output: a banner, the archive's own block after a `--` line, then one `Key = value` block per
 * entry after `----------`, blocks separated by blank lines, then a summary.
 *
 * 7-Zip prints entry names raw, so a name holding a newline can forge lines. The parser is strict
 * so that forging shows: inside an entry block every line must be `Key = value`, no key may repeat,
 * and every block must carry the same keys as the first one (7-Zip prints the handler's full
 * property list for every item, empty values included). Anything else is `malformed`.
 */

export interface SevenZipListedEntry {
  /** The name exactly as 7-Zip printed it: what to hand back to 7-Zip to select the entry. '' for a bare gz/bz2/xz stream. */
  rawPath: string;
  directory: boolean;
  /** Undefined when the format does not record it (a bare .bz2 or .xz stream). */
  size?: number;
  /** Undefined when not recorded, and for files that share a solid block (see `withoutSharedPackedSizes`). */
  packedSize?: number;
  encrypted: boolean;
  /** Epoch ms. */
  modified?: number;
  /** A symbolic link: tar prints its target, 7z, zip and rar only its Unix mode (`lrwxrwxrwx`). */
  symlink: boolean;
  /** Only tar shows targets in the listing; zip, 7z and rar keep them as the entry's data. */
  linkTarget?: string;
  /** A tar hard link's target: another entry's path, as stored. */
  hardLinkTarget?: string;
  /** 7-Zip's coders for the entry (`LZMA2:24`, `04F71101 7zAES:19`…), to name one it lacks. */
  method?: string;
}

export interface SevenZipListing {
  /** 7-Zip's handler name: zip, 7z, tar, gzip, bzip2, xz, Rar, Rar5, Cab… */
  type: string;
  /** The archive's coders as its own block gives them (7z, rar), when it does. */
  method?: string;
  entries: SevenZipListedEntry[];
  /** What the archive block lists under `ERRORS:`: 7-Zip opened the archive but found something wrong. */
  errors: string[];
}

/** noArchive: no archive block or no entry list (7-Zip could not open the file); malformed: see above. */
export type SevenZipListingResult = { ok: true; listing: SevenZipListing } | { ok: false; reason: 'noArchive' | 'malformed' };

const PAIR = /^([A-Z][A-Za-z0-9 ]*?) = (.*)$/;
const ARCHIVE_START = '--';
const ENTRIES_START = '----------';

function number(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

/**
 * 7-Zip prints local time as `YYYY-MM-DD hh:mm:ss[.fraction]`: in wasm, the local time of the
 * JavaScript it runs in (Emscripten's localtime is `Date`'s), so it is read back as local time too.
 */
function date(value: string | undefined): number | undefined {
  const match = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)/.exec(value ?? '');
  if (!match) return undefined;
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map(Number);
  const time = new Date(year, month - 1, day, hours, minutes, seconds).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/** `Attributes = D_ drwxr-xr-x` (zip, 7z, rar): Windows letters, then the Unix mode when stored. */
function unixType(attributes: string): string | undefined {
  return /(?:^|\s)([-dlcbps])[-rwxsStT]{9}$/.exec(attributes)?.[1];
}

function toEntry(fields: Map<string, string>): SevenZipListedEntry {
  const attributes = fields.get('Attributes') ?? '';
  const type = unixType(attributes);
  const linkTarget = fields.get('Symbolic Link') || undefined;
  const entry: SevenZipListedEntry = {
    rawPath: fields.get('Path') ?? '',
    directory: fields.get('Folder') === '+' || attributes.startsWith('D') || type === 'd',
    size: number(fields.get('Size')),
    packedSize: number(fields.get('Packed Size')),
    encrypted: fields.get('Encrypted') === '+',
    modified: date(fields.get('Modified')),
    symlink: type === 'l' || linkTarget !== undefined,
  };
  const hardLinkTarget = fields.get('Hard Link') || undefined;
  const method = fields.get('Method') || undefined;
  if (linkTarget !== undefined) entry.linkTarget = linkTarget;
  if (hardLinkTarget !== undefined) entry.hardLinkTarget = hardLinkTarget;
  if (method !== undefined) entry.method = method;
  return entry;
}

function sameKeys(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}

/** Reads 7-Zip's `-slt` output; never throws. */
export function parseSevenZipListing(output: string): SevenZipListingResult {
  const lines = output.split(/\r?\n/);
  const headerAt = lines.indexOf(ARCHIVE_START);
  if (headerAt < 0) return { ok: false, reason: 'noArchive' };
  let type = '';
  let method: string | undefined;
  const errors: string[] = [];
  let inErrors = false;
  let index = headerAt + 1;
  for (; index < lines.length && lines[index] !== ENTRIES_START; index++) {
    const line = lines[index] ?? '';
    const pair = PAIR.exec(line);
    if (line.startsWith('ERRORS:')) inErrors = true;
    else if (pair || line === '') inErrors = false;
    else if (inErrors) errors.push(line.trim());
    // The first Type and Method are the archive's; a tar.gz listed whole names the outer stream.
    if (pair?.[1] === 'Type' && !type) type = pair[2] ?? '';
    if (pair?.[1] === 'Method' && method === undefined) method = pair[2] || undefined;
  }
  // Without the entry list, the output stopped short: 7-Zip prints it even for an empty archive.
  if (!type || index >= lines.length) return { ok: false, reason: 'noArchive' };

  const blocks: Map<string, string>[] = [];
  let current: Map<string, string> | undefined;
  for (index += 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line === '') {
      current = undefined;
      continue;
    }
    const pair = PAIR.exec(line);
    // Once the blocks end 7-Zip prints a summary (`Errors: 1`) after blank lines; a stray line
    // inside a block is forgery or damage.
    if (!pair) {
      if (current) return { ok: false, reason: 'malformed' };
      break;
    }
    const [, key = '', value = ''] = pair;
    if (!current) {
      // A bare .bz2/.xz entry has no Path line at all; any first key starts a block.
      current = new Map();
      blocks.push(current);
    }
    if (current.has(key)) return { ok: false, reason: 'malformed' };
    current.set(key, value);
  }
  const first = blocks[0];
  if (first && blocks.some((block) => !sameKeys(first, block))) return { ok: false, reason: 'malformed' };
  const listing: SevenZipListing = { type, entries: withoutSharedPackedSizes(blocks), errors };
  if (method !== undefined) listing.method = method;
  return { ok: true, listing };
}

/**
 * In a solid 7z, 7-Zip gives a block's whole packed size to its first file and 0 or nothing to the
 * rest, so a per-file ratio would read 13927 % or 0 %: files sharing a block get no packed size
 * (the page shows "—"). A file alone in its block keeps its own.
 */
function withoutSharedPackedSizes(blocks: readonly Map<string, string>[]): SevenZipListedEntry[] {
  const entries = blocks.map(toEntry);
  const members = new Map<string, number>();
  for (const [index, block] of blocks.entries()) {
    const solid = block.get('Block');
    if (solid && !entries[index]?.directory) members.set(solid, (members.get(solid) ?? 0) + 1);
  }
  return entries.map((entry, index) => {
    const solid = blocks[index]?.get('Block');
    if (!solid || entry.directory || (members.get(solid) ?? 0) < 2) return entry;
    const { packedSize: _shared, ...rest } = entry;
    return rest;
  });
}

/**
 * The entry as the page shows it, under `path` (the checked name; the raw one by default). A file
 * whose size the format does not record is `size: 0, sizeUnknown: true`: "—", never "0 B".
 */
export function toArchiveEntry(entry: SevenZipListedEntry, path = entry.rawPath): ArchiveEntry {
  const { directory, size, packedSize, encrypted, modified } = entry;
  return {
    path,
    directory,
    size: size ?? 0,
    ...(size === undefined && !directory ? { sizeUnknown: true } : {}),
    ...(packedSize === undefined ? {} : { packedSize }),
    encrypted,
    ...(modified === undefined ? {} : { modified }),
  };
}

/**
 * What 7-Zip names as damaged while extracting or testing: entries that fail their checksum or do
 * not decode (`ERROR: CRC Failed : a.txt`, `ERROR: Data Error : b.bin`). A wrong password shows up
 * as `CRC Failed in encrypted file. Wrong password?`: callers rule that out first.
 */
const DAMAGED_LINE = /^ERROR: (?:CRC Failed|Data Error|Unexpected end of data|Headers Error)[^:]* : (.*)$/;

/** The entry names (as 7-Zip printed them, in its order, each once) its output reports as damaged. */
export function damagedEntryNames(output: string | readonly string[]): string[] {
  const lines = typeof output === 'string' ? output.split(/\r?\n/) : output;
  const names = new Set<string>();
  for (const line of lines) {
    const name = DAMAGED_LINE.exec(line)?.[1];
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/**
 * How many items 7-Zip's summary counts as failed (`Sub items Errors: 3`); 0 when it prints none.
 * A caller that kept only the tail of the output checks it against `damagedEntryNames`: fewer
 * names than failures means some were cut off.
 */
export function failedItemCount(output: string): number {
  let count = 0;
  for (const match of output.matchAll(/^Sub items Errors: (\d+)\s*$/gm)) count = Math.max(count, Number(match[1]));
  return count;
}
