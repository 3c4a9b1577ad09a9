/**
 * The zip container around data that was already compressed elsewhere (in the browser: deflated by
 * a pool of workers, one whole file per job). Sizes and CRCs are known before a local header is
 * written, so there are no data descriptors, and readers that only look at local headers (stream
 * unzippers) get true sizes too. Zip64 records appear only where a value does not fit 32/16 bits,
 * so ordinary archives stay readable by every old tool.
 */

export interface ZipEntryRecord {
  /** '/'-separated; a directory's path gets its trailing '/' here, not from the caller. */
  path: string;
  directory: boolean;
  /** 0 = stored, 8 = deflated. */
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  size: number;
  /** Epoch milliseconds, written as a DOS local time (the format's only mandatory clock). */
  modified: number;
}

const U32 = 0xffffffff;
const U16 = 0xffff;
const UTF8_FLAG = 0x0800;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** "Made by" 3 = Unix, so external attributes carry permission bits: 0644 files, 0755 folders. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;

const encoder = new TextEncoder();

/** DOS time and date in local time: 2-second resolution, years 1980–2107. */
export function dosDateTime(epochMs: number): { time: number; date: number } {
  const at = new Date(Math.min(Math.max(epochMs, Date.UTC(1980, 0, 2)), Date.UTC(2107, 11, 31)));
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return { time, date };
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

class ByteWriter {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;

  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }
  u16(value: number): this {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
    return this;
  }
  u32(value: number): this {
    this.view.setUint32(this.at, value >>> 0, true);
    this.at += 4;
    return this;
  }
  u64(value: number): this {
    this.view.setBigUint64(this.at, BigInt(value), true);
    this.at += 8;
    return this;
  }
  raw(data: Uint8Array): this {
    this.bytes.set(data, this.at);
    this.at += data.length;
    return this;
  }
}

function entryName(entry: ZipEntryRecord): Uint8Array {
  return encoder.encode(entry.directory ? `${entry.path}/` : entry.path);
}

/** Zip64 extended information (0x0001): only the fields whose 32-bit slot holds 0xFFFFFFFF, in the spec's order. */
function zip64Extra(fields: number[]): Uint8Array {
  if (fields.length === 0) return new Uint8Array(0);
  const writer = new ByteWriter(4 + fields.length * 8).u16(0x0001).u16(fields.length * 8);
  for (const field of fields) writer.u64(field);
  return writer.bytes;
}

/** The local file header that precedes an entry's data. */
export function localFileHeader(entry: ZipEntryRecord): Uint8Array {
  const name = entryName(entry);
  const big = entry.size >= U32 || entry.compressedSize >= U32;
  // In a local header, zip64 carries both sizes or neither.
  const extra = big ? zip64Extra([entry.size, entry.compressedSize]) : new Uint8Array(0);
  const { time, date } = dosDateTime(entry.modified);
  return new ByteWriter(30 + name.length + extra.length)
    .u32(0x04034b50)
    .u16(big ? VERSION_ZIP64 : VERSION_DEFAULT)
    .u16(isAscii(entry.path) ? 0 : UTF8_FLAG)
    .u16(entry.method)
    .u16(time)
    .u16(date)
    .u32(entry.crc)
    .u32(big ? U32 : entry.compressedSize)
    .u32(big ? U32 : entry.size)
    .u16(name.length)
    .u16(extra.length)
    .raw(name)
    .raw(extra).bytes;
}

function centralHeader(entry: ZipEntryRecord, offset: number): Uint8Array {
  const name = entryName(entry);
  const overflow = [entry.size, entry.compressedSize, offset].map((value) => value >= U32);
  const extra = zip64Extra([entry.size, entry.compressedSize, offset].filter((_, index) => overflow[index]));
  const { time, date } = dosDateTime(entry.modified);
  const mode = entry.directory ? 0o40755 : 0o100644;
  return new ByteWriter(46 + name.length + extra.length)
    .u32(0x02014b50)
    .u16(MADE_BY)
    .u16(extra.length > 0 ? VERSION_ZIP64 : VERSION_DEFAULT)
    .u16(isAscii(entry.path) ? 0 : UTF8_FLAG)
    .u16(entry.method)
    .u16(time)
    .u16(date)
    .u32(entry.crc)
    .u32(overflow[1] ? U32 : entry.compressedSize)
    .u32(overflow[0] ? U32 : entry.size)
    .u16(name.length)
    .u16(extra.length)
    .u16(0) // comment length
    .u16(0) // disk number start
    .u16(0) // internal attributes
    .u32(((mode << 16) | (entry.directory ? 0x10 : 0)) >>> 0)
    .u32(overflow[2] ? U32 : offset)
    .raw(name)
    .raw(extra).bytes;
}

/**
 * Lays out a zip: `add` returns each entry's local header (the caller writes it, then the entry's
 * data), `finish` returns the central directory and end records. Offsets are counted here, so the
 * caller must write exactly the header plus `compressedSize` data bytes per entry, in order.
 */
export class ZipLayout {
  private offset = 0;
  private readonly central: Uint8Array[] = [];

  add(entry: ZipEntryRecord): Uint8Array {
    if (entry.directory && (entry.size !== 0 || entry.compressedSize !== 0)) throw new Error('a zip directory entry has no data');
    const header = localFileHeader(entry);
    this.central.push(centralHeader(entry, this.offset));
    this.offset += header.length + entry.compressedSize;
    return header;
  }

  /** Bytes written so far (headers and data), i.e. where the next entry would start. */
  get size(): number {
    return this.offset;
  }

  finish(): Uint8Array {
    const directorySize = this.central.reduce((sum, header) => sum + header.length, 0);
    const directoryOffset = this.offset;
    const count = this.central.length;
    const zip64 = count >= U16 || directorySize >= U32 || directoryOffset >= U32;
    const tail = new ByteWriter(directorySize + (zip64 ? 56 + 20 : 0) + 22);
    for (const header of this.central) tail.raw(header);
    if (zip64) {
      const recordOffset = directoryOffset + directorySize;
      tail
        .u32(0x06064b50)
        .u64(44) // size of the rest of this record
        .u16(MADE_BY)
        .u16(VERSION_ZIP64)
        .u32(0) // this disk
        .u32(0) // disk with the central directory
        .u64(count)
        .u64(count)
        .u64(directorySize)
        .u64(directoryOffset);
      tail.u32(0x07064b50).u32(0).u64(recordOffset).u32(1);
    }
    tail
      .u32(0x06054b50)
      .u16(0)
      .u16(0)
      .u16(zip64 ? U16 : count)
      .u16(zip64 ? U16 : count)
      .u32(zip64 ? U32 : directorySize)
      .u32(zip64 ? U32 : directoryOffset)
      .u16(0);
    return tail.bytes;
  }
}
