import type { ArchiveReadFormat } from '../contracts/archive';

/**
 * Which archive format a file is, from its first bytes (magic numbers beat extensions: a .zip
 * renamed .dat is still a zip). A compressed stream is called tar.* when its name says so, since
 * only decompressing would tell. Needs the first 512 bytes to recognise a bare tar.
 */
export function detectArchiveFormat(head: Uint8Array, fileName: string): ArchiveReadFormat | undefined {
  const name = fileName.toLowerCase();
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06) || starts(0x50, 0x4b, 0x07, 0x08)) return 'zip';
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return '7z';
  if (starts(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07)) return 'rar';
  if (starts(0x1f, 0x8b)) return /\.(tar\.gz|tgz)$/.test(name) ? 'tar.gz' : 'gz';
  if (starts(0x42, 0x5a, 0x68)) return /\.(tar\.bz2|tbz2?)$/.test(name) ? 'tar.bz2' : 'bz2';
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return /\.(tar\.xz|txz)$/.test(name) ? 'tar.xz' : 'xz';
  if (head.length >= 262 && String.fromCharCode(...head.subarray(257, 262)) === 'ustar') return 'tar';
  // Pre-POSIX (v7) tars have no magic; trust the name when the header checksum is plausible.
  if (name.endsWith('.tar') && head.length >= 512 && v7ChecksumOk(head)) return 'tar';
  return undefined;
}

function v7ChecksumOk(block: Uint8Array): boolean {
  const stored = parseInt(String.fromCharCode(...block.subarray(148, 156)).replace(/[\0 ]/g, ''), 8);
  let sum = 0;
  for (let index = 0; index < 512; index++) sum += index >= 148 && index < 156 ? 0x20 : block[index]!;
  return stored === sum;
}

/** The name of what a single-stream archive (gz, bz2, xz) holds: its own name minus the extension. */
export function innerStreamName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stripped = base.replace(/\.(tgz|tbz2?|txz)$/i, '.tar').replace(/\.(gz|bz2|xz)$/i, '');
  return stripped && stripped !== base ? stripped : `${base}.out`;
}

/**
 * Where a 7z's (next) header lies, from the 32-byte signature header: the header itself is read
 * separately. Null when the bytes are not a 7z start.
 */
export function sevenZipHeaderRange(start: Uint8Array): { offset: number; length: number } | null {
  if (start.length < 32 || ![0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c].every((byte, index) => start[index] === byte)) return null;
  const view = new DataView(start.buffer, start.byteOffset, 32);
  const offset = Number(view.getBigUint64(12, true));
  const length = Number(view.getBigUint64(20, true));
  return { offset: 32 + offset, length };
}

/**
 * Whether a 7z header is itself encrypted (7-Zip's -mhe): it is then an "encoded header" (0x17)
 * whose coders include 7zAES (method id 06 F1 07 01). Names cannot be listed without the password.
 */
export function sevenZipHeaderEncrypted(header: Uint8Array): boolean {
  if (header[0] !== 0x17) return false;
  for (let at = 0; at + 4 <= header.length; at++) {
    if (header[at] === 0x06 && header[at + 1] === 0xf1 && header[at + 2] === 0x07 && header[at + 3] === 0x01) return true;
  }
  return false;
}

/**
 * 7z coder ids 7-Zip itself has no decoder for: 7-Zip prints such a coder as its hex id, which
 * means nothing to a user. These are the codecs of 7-Zip-zstd (and NanaZip), the usual source.
 */
const SEVEN_ZIP_CODER_NAMES: Record<string, string> = {
  '4F71101': 'Zstandard',
  '4F71102': 'Brotli',
  '4F71104': 'LZ4',
  '4F71105': 'LZ5',
  '4F71106': 'Lizard',
  '4F71108': 'Fast LZMA2',
};

/** Zip compression methods (APPNOTE 4.4.5) other than store and deflate, by number. */
const ZIP_METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  2: 'Reduce',
  3: 'Reduce',
  4: 'Reduce',
  5: 'Reduce',
  6: 'Implode',
  9: 'Deflate64',
  10: 'PKWARE DCL Implode',
  12: 'BZip2',
  14: 'LZMA',
  16: 'IBM z/OS CMPSC',
  18: 'IBM TERSE',
  19: 'IBM LZ77',
  20: 'Zstandard',
  93: 'Zstandard',
  94: 'MP3',
  95: 'XZ',
  96: 'JPEG',
  97: 'WavPack',
  98: 'PPMd',
};

/** A zip entry's compression method as a user would know it ("Zstandard", or "method 42"). */
export function zipMethodName(method: number): string {
  return ZIP_METHOD_NAMES[method] ?? `method ${method}`;
}

/**
 * The method to name when 7-Zip cannot decode an entry, from its listing's `Method` field
 * ("04F71101 7zAES:19", "BCJ LZMA2:24"): the first coder printed as a bare hex id (7-Zip names every
 * coder it knows), else the field without its encryption and properties.
 */
export function unsupportedMethodName(field: string, format?: ArchiveReadFormat): string {
  const coders = field.split(/\s+/).filter(Boolean);
  // In a zip, 7-Zip prints a method it does not know by its decimal number.
  const number = format === 'zip' ? coders.find((coder) => /^\d+$/.test(coder)) : undefined;
  if (number) return zipMethodName(Number(number));
  const unknown = coders.find((coder) => /^[0-9A-F]+$/i.test(coder) && !/^\d{1,2}$/.test(coder));
  if (unknown) return SEVEN_ZIP_CODER_NAMES[unknown.toUpperCase().replace(/^0+/, '')] ?? `0x${unknown.toUpperCase()}`;
  const named = coders.filter((coder) => !/^7zAES|^AES/i.test(coder)).map((coder) => coder.replace(/:.*$/, ''));
  return named.join(' + ') || field;
}
