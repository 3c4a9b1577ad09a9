import type { ArchiveEntry } from '@shared/contracts/archive';

/**
 * Reads `7zz l -slt` output (7-Zip's "technical" listing: one `Key = value` block per entry after
 * a line of dashes). The archive's own properties come first, in a block that names its Type.
 */

/**
 * A link entry. Tar records a symbolic link's target (and a hard link's) in its header, and 7-Zip
 * prints it; 7z, zip and rar keep a symbolic link's target as the entry's data and only its Unix
 * mode (`lrwxrwxrwx` in Attributes) tells.
 */
export interface SevenZipLink {
  kind: 'symbolic' | 'hard';
  /** As stored (a hard link's is another entry's path); undefined when 7-Zip does not print it. */
  target?: string;
}

export interface SevenZipListing {
  /** 7-Zip's name for the container: 7z, zip, Rar, Rar5, gzip, bzip2, xz, tar, … */
  type: string;
  entries: ArchiveEntry[];
  /** By entry path, as listed. */
  links: Map<string, SevenZipLink>;
  /** Each file's coders as 7-Zip prints them ("LZMA2:24", "04F71101 7zAES:19"), by path; the archive's own under ''. */
  methods: Map<string, string>;
}

type Block = Map<string, string>;

function blocks(lines: readonly string[]): Block[] {
  const out: Block[] = [];
  let current: Block = new Map();
  for (const line of lines) {
    const match = /^([A-Za-z][A-Za-z ]*?) = (.*)$/.exec(line);
    if (match) current.set(match[1]!, match[2]!);
    else if (line.trim() === '' && current.size > 0) {
      out.push(current);
      current = new Map();
    }
  }
  if (current.size > 0) out.push(current);
  return out;
}

/**
 * 7-Zip prints local time: in wasm, the local time of the JavaScript it runs in (Emscripten's
 * localtime is `Date`'s), which is the page's. So it is read back as local time too.
 */
function parseModified(value: string | undefined): number | undefined {
  const match = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)/.exec(value ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(year!, month! - 1, day!, hour!, minute!, second!).getTime();
}

const numberOr = (value: string | undefined, fallback?: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);

export function parseSevenZipListing(lines: readonly string[]): SevenZipListing {
  const separator = lines.findIndex((line) => /^-{10}$/.test(line.trim()));
  if (separator < 0) throw new Error('no listing in 7-Zip output');
  const header = blocks(lines.slice(0, separator)).find((block) => block.has('Type'));
  const entries: ArchiveEntry[] = [];
  const links = new Map<string, SevenZipLink>();
  const methods = new Map<string, string>();
  const archiveMethod = header?.get('Method');
  if (archiveMethod) methods.set('', archiveMethod);
  /** Files per 7z solid block: 7-Zip gives a block's packed size on its first file only. */
  const solidBlocks = new Map<string, ArchiveEntry[]>();
  for (const block of blocks(lines.slice(separator + 1))) {
    // A bare bzip2 or xz stream is listed without a Path (and with empty sizes): keep it unnamed,
    // listWith7z names it after the archive. A block without sizes either is not an entry.
    const path = block.get('Path') ?? (block.has('Size') || block.has('Packed Size') ? '' : undefined);
    if (path === undefined) continue;
    const attributes = block.get('Attributes') ?? '';
    const directory = block.get('Folder') === '+' || attributes.startsWith('D');
    const symbolic = block.get('Symbolic Link');
    const hard = block.get('Hard Link');
    if (!directory && symbolic) links.set(path, { kind: 'symbolic', target: symbolic });
    else if (!directory && hard) links.set(path, { kind: 'hard', target: hard });
    else if (!directory && /(?:^|\s)l[r-][w-][xsS-]/.test(attributes)) links.set(path, { kind: 'symbolic' });
    const size = numberOr(block.get('Size'));
    const entry: ArchiveEntry = {
      path,
      directory,
      size: size ?? 0,
      ...(size === undefined && !directory ? { sizeUnknown: true } : {}),
      packedSize: numberOr(block.get('Packed Size')),
      encrypted: block.get('Encrypted') === '+',
      modified: parseModified(block.get('Modified')),
    };
    entries.push(entry);
    const method = block.get('Method');
    if (method && !directory) methods.set(path, method);
    const solid = block.get('Block');
    if (solid && !directory) solidBlocks.set(solid, [...(solidBlocks.get(solid) ?? []), entry]);
  }
  // A block's packed size belongs to all its files together, not to the first: a per-file ratio
  // would read 166 % for the first and nothing for the rest (the audit saw 13927 %).
  for (const members of solidBlocks.values()) if (members.length > 1) for (const entry of members) delete entry.packedSize;
  return { type: header?.get('Type') ?? '', entries, links, methods };
}
