import { decodeEntryNames } from './entry-name';
import type { RawEntryName } from './entry-name';

/**
 * Reads a zip's central directory through a ranged reader (a File read by slices in the browser),
 * so listing a 4 GB zip costs two small reads. Handles zip64, data descriptors (sizes come from
 * the central directory), the Info-ZIP Unicode Path field and GBK names without the UTF-8 flag
 * (the encoding of unflagged names is chosen once for the whole archive: see entry-name.ts).
 */

export interface ZipDirectoryEntry {
  /** As decoded, not yet checked: run it through safeEntryPath before use. */
  name: string;
  directory: boolean;
  /** 0 stored, 8 deflated, 99 WinZip AES, others (bzip2, lzma, zstd…) need 7-Zip. */
  method: number;
  flags: number;
  /** ZipCrypto or AES. */
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  localOffset: number;
  /** Epoch ms, from the DOS date and time (local time). */
  modified?: number;
}

export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;

export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
/** EOCD (22) plus the longest possible comment. */
const TAIL = 22 + 0xffff;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const u64 = (data: DataView, at: number) => Number(data.getBigUint64(at, true));

function dosToEpoch(time: number, date: number): number | undefined {
  if (date === 0) return undefined;
  const at = new Date(1980 + (date >> 9), ((date >> 5) & 0xf) - 1, date & 0x1f, time >> 11, (time >> 5) & 0x3f, (time & 0x1f) * 2);
  return Number.isNaN(at.getTime()) ? undefined : at.getTime();
}

interface DirectoryLocation {
  /** Where the central directory really starts in the file. */
  offset: number;
  size: number;
  count: number;
  /**
   * Bytes in front of the zip: a self-extractor's program, or anything else prepended. The zip's
   * own offsets count from its first byte, so each is this much short; unzip corrects them the same
   * way ("extra bytes at beginning or within zipfile").
   */
  shift: number;
}

/**
 * Where the end-of-central-directory record lies in the tail of a file, or -1: the last one whose
 * comment reaches exactly the end (a comment may contain the signature).
 */
export function findEndRecord(tail: Uint8Array): number {
  const data = view(tail);
  for (let at = tail.length - 22; at >= 0; at--) {
    if (data.getUint32(at, true) === EOCD && at + 22 + data.getUint16(at + 20, true) === tail.length) return at;
  }
  return -1;
}

/** How many bytes of the tail to read to find the end record: the record and the longest comment. */
export const END_RECORD_SEARCH = TAIL;

async function locateDirectory(read: RangeReader, fileSize: number): Promise<DirectoryLocation> {
  const tailStart = Math.max(0, fileSize - TAIL);
  const tail = await read(tailStart, fileSize - tailStart);
  const data = view(tail);
  const at = findEndRecord(tail);
  if (at < 0) throw new ZipFormatError('no end of central directory: not a zip, or truncated');
  let count = data.getUint16(at + 10, true);
  let size = data.getUint32(at + 12, true);
  let offset = data.getUint32(at + 16, true);
  // The directory ends where the record after it begins: the end record, or the zip64 one.
  let directoryEnd = tailStart + at;
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || data.getUint32(locatorAt, true) !== ZIP64_LOCATOR) throw new ZipFormatError('zip64 locator missing');
    let recordOffset = u64(data, locatorAt + 8);
    let record = view(await read(recordOffset, 56));
    if (record.getUint32(0, true) !== ZIP64_EOCD) {
      // Prepended bytes: the zip64 record (without extensible data) sits right before its locator.
      recordOffset = tailStart + locatorAt - 56;
      record = view(await read(recordOffset, 56));
      if (recordOffset < 0 || record.getUint32(0, true) !== ZIP64_EOCD) throw new ZipFormatError('zip64 end record missing');
    }
    count = u64(record, 32);
    size = u64(record, 40);
    offset = u64(record, 48);
    directoryEnd = recordOffset;
  }
  let shift = 0;
  if (offset + size < directoryEnd) {
    const candidate = directoryEnd - size - offset;
    const signature = await read(offset + candidate, 4);
    if (size > 0 && signature.length === 4 && view(signature).getUint32(0, true) === CENTRAL) shift = candidate;
  }
  if (offset + shift + size > fileSize) throw new ZipFormatError('central directory beyond the end of the file');
  return { offset: offset + shift, size, count, shift };
}

/** Info-ZIP Unicode Path (0x7075): a UTF-8 name for tools that wrote a legacy one in the header. */
function unicodePath(extra: DataView, start: number, end: number): string | undefined {
  for (let at = start; at + 4 <= end;) {
    const id = extra.getUint16(at, true);
    const length = extra.getUint16(at + 2, true);
    if (id === 0x7075 && length > 5 && extra.getUint8(at + 4) === 1) {
      return new TextDecoder('utf-8').decode(new Uint8Array(extra.buffer, extra.byteOffset + at + 9, length - 5));
    }
    at += 4 + length;
  }
  return undefined;
}

export async function readZipDirectory(read: RangeReader, fileSize: number): Promise<ZipDirectoryEntry[]> {
  if (fileSize < 22) throw new ZipFormatError('too short for a zip');
  const location = await locateDirectory(read, fileSize);
  const bytes = await read(location.offset, location.size);
  const data = view(bytes);
  const entries: ZipDirectoryEntry[] = [];
  /** Per entry: its Unicode Path, else its raw name, decoded once all are known. */
  const names: (string | RawEntryName)[] = [];
  let at = 0;
  for (let index = 0; index < location.count; index++) {
    if (at + 46 > bytes.length || data.getUint32(at, true) !== CENTRAL)
      throw new ZipFormatError(`central directory entry ${index} is damaged`);
    const flags = data.getUint16(at + 8, true);
    const method = data.getUint16(at + 10, true);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const external = data.getUint32(at + 38, true);
    let compressedSize = data.getUint32(at + 20, true);
    let size = data.getUint32(at + 24, true);
    let localOffset = data.getUint32(at + 42, true);
    const extraStart = at + 46 + nameLength;
    const extraEnd = extraStart + extraLength;
    if (extraEnd > bytes.length) throw new ZipFormatError(`central directory entry ${index} is damaged`);
    for (let field = extraStart; field + 4 <= extraEnd;) {
      const id = data.getUint16(field, true);
      const length = data.getUint16(field + 2, true);
      if (id === 0x0001) {
        // Only the fields whose 32-bit slot is saturated are present, in this order.
        let cursor = field + 4;
        if (size === 0xffffffff) {
          size = u64(data, cursor);
          cursor += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(data, cursor);
          cursor += 8;
        }
        if (localOffset === 0xffffffff) localOffset = u64(data, cursor);
      }
      field += 4 + length;
    }
    names.push(
      unicodePath(data, extraStart, extraEnd) ?? { raw: bytes.subarray(at + 46, at + 46 + nameLength), utf8Flag: (flags & 0x0800) !== 0 },
    );
    entries.push({
      name: '',
      // Completed below, once the name is decoded.
      directory: (external & 0x10) !== 0 && size === 0,
      method,
      flags,
      encrypted: (flags & 1) !== 0,
      crc: data.getUint32(at + 16, true),
      compressedSize,
      size,
      localOffset: localOffset + location.shift,
      modified: dosToEpoch(data.getUint16(at + 12, true), data.getUint16(at + 14, true)),
    });
    at = extraEnd + commentLength;
  }
  const raw = names.filter((name): name is RawEntryName => typeof name !== 'string');
  const decoded = decodeEntryNames(raw);
  let next = 0;
  entries.forEach((entry, index) => {
    const name = names[index]!;
    entry.name = typeof name === 'string' ? name : decoded[next++]!;
    entry.directory ||= /[\\/]$/.test(entry.name);
  });
  return entries;
}

/** Where an entry's data starts, from its local header (whose name and extra lengths may differ from the central ones). */
export function localDataOffset(header: Uint8Array, localOffset: number): number {
  const data = view(header);
  if (header.length < 30 || data.getUint32(0, true) !== 0x04034b50) throw new ZipFormatError('local header missing');
  return localOffset + 30 + data.getUint16(26, true) + data.getUint16(28, true);
}
