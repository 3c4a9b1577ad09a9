/**
 * Tar headers (POSIX ustar) for files whose bytes are written by the caller: header, data, then
 * `tarPadding(size)` zeros, and `tarEnd()` after the last entry. Names that ustar cannot hold
 * (over 100 bytes without a usable prefix split, or not ASCII) get a pax extended header with a
 * UTF-8 `path` record first, which GNU tar, bsdtar and 7-Zip all honour.
 */

export interface TarEntry {
  /** '/'-separated, no trailing slash. */
  path: string;
  directory: boolean;
  size: number;
  /** Epoch milliseconds. */
  modified: number;
}

const BLOCK = 512;
const encoder = new TextEncoder();
/** ustar's size field is 11 octal digits: up to 8 GiB - 1. Larger sizes go into pax. */
const MAX_OCTAL_SIZE = 0o77777777777;

function writeString(block: Uint8Array, offset: number, length: number, text: string): void {
  block.set(encoder.encode(text).subarray(0, length), offset);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  writeString(
    block,
    offset,
    length,
    `${Math.floor(value)
      .toString(8)
      .padStart(length - 1, '0')}\0`,
  );
}

function header(name: string, prefix: string, size: number, modified: number, type: string, mode: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size > MAX_OCTAL_SIZE ? 0 : size);
  writeOctal(block, 136, 12, Math.max(0, Math.floor(modified / 1000)));
  block.fill(0x20, 148, 156); // checksum is computed with its own field as spaces
  writeString(block, 156, 1, type);
  writeString(block, 257, 8, 'ustar\u000000');
  writeString(block, 345, 155, prefix);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  writeString(block, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** A name ustar can hold as-is: ASCII, ≤ 100 bytes, or splittable at a '/' into ≤ 155 + ≤ 100. */
function ustarName(path: string): { name: string; prefix: string } | null {
  if (!/^[\x20-\x7e]*$/.test(path)) return null;
  if (path.length <= 100) return { name: path, prefix: '' };
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (prefix.length <= 155 && name.length <= 100 && name.length > 0) return { name, prefix };
  }
  return null;
}

/** One pax record: "<length> <key>=<value>\n", where length counts its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = encoder.encode(body).length;
  const digits = String(bodyBytes).length;
  // Adding the digits can carry into one more digit (e.g. 98 + 2 = 100).
  const length = String(bodyBytes + digits).length === digits ? bodyBytes + digits : bodyBytes + digits + 1;
  return `${length}${body}`;
}

export function tarPadding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

/** The header block(s) of one entry; the caller follows them with `size` data bytes and their padding. */
export function tarHeader(entry: TarEntry): Uint8Array {
  const path = entry.directory ? `${entry.path}/` : entry.path;
  const size = entry.directory ? 0 : entry.size;
  const type = entry.directory ? '5' : '0';
  const mode = entry.directory ? 0o755 : 0o644;
  const fits = ustarName(path);
  const records = [...(fits ? [] : [paxRecord('path', path)]), ...(size > MAX_OCTAL_SIZE ? [paxRecord('size', String(size))] : [])];
  const main = header(fits?.name ?? fallbackName(path), fits?.prefix ?? '', size, entry.modified, type, mode);
  if (records.length === 0) return main;
  const pax = encoder.encode(records.join(''));
  const paxName = `PaxHeaders/${fallbackName(path)}`.slice(0, 100);
  const out = new Uint8Array(BLOCK + pax.length + tarPadding(pax.length) + BLOCK);
  out.set(header(paxName, '', pax.length, entry.modified, 'x', 0o644), 0);
  out.set(pax, BLOCK);
  out.set(main, out.length - BLOCK);
  return out;
}

/** What old readers that ignore pax see: the last 100 ASCII-safe characters of the name. */
function fallbackName(path: string): string {
  return path.replace(/[^\x20-\x7e]/g, '_').slice(-100);
}

/** Two zero blocks end an archive. */
export function tarEnd(): Uint8Array {
  return new Uint8Array(BLOCK * 2);
}
