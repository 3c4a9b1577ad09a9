/**
 * Parser for `7zz l -slt` (technical listing): an archive block after a `--` line, then one
 * `Key = value` block per entry after `----------`, blocks separated by blank lines.
 *
 * 7-Zip prints entry names raw, so a name holding a newline can forge lines. The parser is
 * strict so that forging shows: inside an entry block every line must be `Key = value`, no key may
 * repeat, and every block must carry the same keys as the first one (7-Zip prints the handler's
 * full property list for every item, empty values included). Anything else is `malformed`.
 */

export interface SltEntry {
  /** The name exactly as 7-Zip printed it: what to hand back to 7-Zip to select the entry. */
  rawPath: string;
  directory: boolean;
  /** Undefined when the format does not record it (a bare .bz2 stream). */
  size?: number;
  packedSize?: number;
  encrypted: boolean;
  modified?: number;
  symlink: boolean;
  /** Only tar shows targets in the listing; zip and 7z keep them in the entry's data. */
  linkTarget?: string;
  hardLinkTarget?: string;
  /** 7-Zip's coders for the entry (`LZMA2:24`, `04F71101 7zAES`…), to name one it lacks. */
  method?: string;
}

export interface SltListing {
  /** 7-Zip's handler name: zip, 7z, tar, gzip, bzip2, xz, Rar, Cab… */
  type: string;
  entries: SltEntry[];
  /** What the archive block lists under `ERRORS:`: 7-Zip opened the archive but found something wrong. */
  errors: string[];
}

export type SltResult = { ok: true; listing: SltListing } | { ok: false; reason: 'noArchive' | 'malformed' };

const PAIR = /^([A-Z][A-Za-z0-9 ]*?) = (.*)$/;
const ENTRIES_START = '----------';

function number(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : undefined;
}

/** 7-Zip prints local time as `YYYY-MM-DD hh:mm:ss`. */
function date(value: string | undefined): number | undefined {
  const match = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)/.exec(value ?? '');
  if (!match) return undefined;
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map(Number);
  const time = new Date(year, month - 1, day, hours, minutes, seconds).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/** `Attributes = D_ drwxr-xr-x` (zip, 7z): Windows letters, then the Unix mode when stored. */
function unixType(attributes: string | undefined): string | undefined {
  return /\s([-dlcbps])[-rwxsStT]{9}$/.exec(attributes ?? '')?.[1];
}

function toEntry(fields: Map<string, string>): SltEntry {
  const attributes = fields.get('Attributes');
  const type = unixType(attributes);
  const linkTarget = fields.get('Symbolic Link') || undefined;
  return {
    rawPath: fields.get('Path') ?? '',
    directory: fields.get('Folder') === '+' || (attributes ?? '').startsWith('D') || type === 'd',
    size: number(fields.get('Size')),
    packedSize: number(fields.get('Packed Size')),
    encrypted: fields.get('Encrypted') === '+',
    modified: date(fields.get('Modified')),
    symlink: type === 'l' || linkTarget !== undefined,
    linkTarget,
    hardLinkTarget: fields.get('Hard Link') || undefined,
    method: fields.get('Method') || undefined,
  };
}

function sameKeys(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}

export function parseSlt(output: string): SltResult {
  const lines = output.split(/\r?\n/);
  const headerAt = lines.indexOf('--');
  if (headerAt < 0) return { ok: false, reason: 'noArchive' };
  let type = '';
  const errors: string[] = [];
  let inErrors = false;
  let index = headerAt + 1;
  for (; index < lines.length && lines[index] !== ENTRIES_START; index++) {
    const line = lines[index] ?? '';
    const pair = PAIR.exec(line);
    if (line.startsWith('ERRORS:')) inErrors = true;
    else if (pair || line === '') inErrors = false;
    else if (inErrors) errors.push(line.trim());
    if (pair?.[1] === 'Type' && !type) type = pair[2] ?? '';
  }
  if (!type) return { ok: false, reason: 'noArchive' };

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
      // A bare .bz2/.gz entry may have no Path line at all; any other first key starts a block too.
      current = new Map();
      blocks.push(current);
    }
    if (current.has(key)) return { ok: false, reason: 'malformed' };
    current.set(key, value);
  }
  const first = blocks[0];
  if (first && blocks.some((block) => !sameKeys(first, block))) return { ok: false, reason: 'malformed' };
  return { ok: true, listing: { type, entries: withoutSharedPackedSizes(blocks), errors } };
}

/**
 * In a solid 7z, 7-Zip gives a block's whole packed size to its first file and 0 to the rest, so
 * a per-file ratio would read 13927 % or 0 %: files sharing a block get no packed size (shown
 * as "—", as the browser engine does).
 */
function withoutSharedPackedSizes(blocks: readonly Map<string, string>[]): SltEntry[] {
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
