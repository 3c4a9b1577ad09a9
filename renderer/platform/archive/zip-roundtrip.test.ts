import { randomBytes } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import { ZipLayout } from '@shared/archive/zip-writer';
import { deflateBatch, deflateEntry } from './deflate-core';
import type { DeflatedEntry } from './deflate-core';
import { listZip, readZipEntries } from './zip-read-core';

const text = (size: number) => strToU8('压缩解压 round trip, 一些重复的文字。 '.repeat(Math.ceil(size / 40))).slice(0, size);
const MB = 1024 * 1024;
/** What zipWithPool does, minus the workers. */
async function zipOf(files: Record<string, Uint8Array<ArrayBuffer>>, level: 0 | 1 | 6 | 9): Promise<Uint8Array<ArrayBuffer>> {
  const layout = new ZipLayout();
  const parts: Uint8Array[] = [];
  const small = Object.entries(files).filter(([, bytes]) => bytes.length < MB);
  const packed = new Map<string, DeflatedEntry>();
  const batch = await deflateBatch(
    new Blob(small.map(([, bytes]) => bytes)),
    small.map(([, bytes]) => bytes.length),
    level,
  );
  small.forEach(([path], index) => packed.set(path, batch[index]!));
  for (const [path, bytes] of Object.entries(files)) if (bytes.length >= MB) packed.set(path, await deflateEntry(new Blob([bytes]), level));
  for (const [path, bytes] of Object.entries(files)) {
    const entry = packed.get(path)!;
    parts.push(
      layout.add({
        path,
        directory: false,
        method: entry.method,
        crc: entry.crc,
        compressedSize: entry.compressedSize,
        size: entry.size,
        modified: Date.now(),
      }),
    );
    parts.push(...(entry.method === 0 ? [bytes] : entry.chunks));
  }
  parts.push(layout.finish());
  return new Uint8Array(Buffer.concat(parts));
}

const files = {
  'big/text.log': text(3 * MB),
  // Hex digits: compresses about 2×, so its deflated data is big enough for the native inflate path.
  'big/words.txt': strToU8(randomBytes(1.5 * MB).toString('hex')),
  'big/random.bin': new Uint8Array(randomBytes(2 * MB)),
  'small/a.txt': text(5000),
  'small/b.bin': new Uint8Array(randomBytes(300)),
  'small/空.txt': new Uint8Array(0),
};

describe('zip writer and reader of the browser engine', () => {
  it.each([0, 1, 6, 9] as const)('round-trips at level %i, readable by fflate too', async (level) => {
    const zip = await zipOf(files, level);
    const fromFflate = unzipSync(zip);
    const key = `k${level}`;
    const listing = await listZip(key, new Blob([zip]));
    expect(listing.entries.map((entry) => entry.path)).toEqual(Object.keys(files));
    const read = await readZipEntries(key, new Blob([zip]), Object.keys(files), { budget: 100 * MB, isCancelled: () => false });
    Object.values(files).forEach((bytes, index) => {
      expect(Buffer.from(read[index]!).equals(Buffer.from(bytes))).toBe(true);
      expect(Buffer.from(fromFflate[Object.keys(files)[index]!]!).equals(Buffer.from(bytes))).toBe(true);
    });
    // Deflate only where it pays: random bytes are stored, text is not (level 0 stores everything).
    const methods = Object.fromEntries(listing.entries.map((entry) => [entry.path, entry.packedSize! < entry.size]));
    expect(methods['big/random.bin']).toBe(false);
    expect(methods['big/text.log']).toBe(level > 0);
    expect(methods['big/words.txt']).toBe(level > 0);
    if (level > 0) expect(listing.entries.find((entry) => entry.path === 'big/words.txt')!.packedSize).toBeGreaterThan(256 * 1024);
  });

  it('cuts previews short without inflating the rest', async () => {
    const zip = await zipOf(files, 6);
    const [head] = await readZipEntries('preview', new Blob([zip]), ['big/text.log'], {
      truncateAt: 1000,
      budget: 100 * MB,
      isCancelled: () => false,
    });
    expect(Buffer.from(head!).equals(Buffer.from(files['big/text.log'].subarray(0, 1000)))).toBe(true);
  });

  it('refuses an entry whose data is larger than its header says, and reads beyond the budget', async () => {
    const honest = zipSync({ 'x.txt': [text(600_000), { level: 6 }] });
    // Shrink the declared size in the central directory (a bomb hides its size this way).
    const lying = honest.slice();
    const central = lying.findLastIndex(
      (_, at) => lying[at] === 0x50 && lying[at + 1] === 0x4b && lying[at + 2] === 1 && lying[at + 3] === 2,
    );
    new DataView(lying.buffer).setUint32(central + 24, 1000, true);
    const error = await readZipEntries('lying', new Blob([lying]), ['x.txt'], { budget: 100 * MB, isCancelled: () => false }).catch(
      (reason: unknown) => reason,
    );
    expect(archiveErrorCode(error)).toBe('damagedEntry');
    const over = await readZipEntries('budget', new Blob([honest]), ['x.txt'], { budget: 1000, isCancelled: () => false }).catch(
      (reason: unknown) => reason,
    );
    expect(archiveErrorCode(over)).toBe('bomb');
  });

  it('names an entry that fails its CRC, stored or deflated, and in an extraction skips it and reads the others (as the 7-Zip engine does)', async () => {
    const zip = zipSync({
      'stored.txt': [text(3000), { level: 0 }],
      'deflated.txt': [text(5000), { level: 6 }],
      'sound.txt': [text(100), { level: 6 }],
    });
    // Wrong CRCs in the central directory, which is what the reader checks against.
    const view = new DataView(zip.buffer);
    for (let at = 0; at + 46 < zip.length; at++) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + view.getUint16(at + 28, true)));
      if (name !== 'sound.txt') view.setUint32(at + 16, view.getUint32(at + 16, true) ^ 1, true);
    }
    const paths = ['stored.txt', 'deflated.txt', 'sound.txt'];
    const read = await readZipEntries('crc', new Blob([zip]), paths, { budget: 100 * MB, skipDamaged: true, isCancelled: () => false });
    expect(read.map((bytes) => bytes && bytes.length)).toEqual([null, null, 100]);
    for (const path of ['stored.txt', 'deflated.txt']) {
      const error = await readZipEntries('crc', new Blob([zip]), [path], { budget: 100 * MB, isCancelled: () => false }).catch(
        (reason: unknown) => reason,
      );
      expect((error as Error).message).toBe(`archive:damagedEntry: ${path}`);
    }
  });

  it('refuses traversal names when listing', async () => {
    const error = await listZip('evil', new Blob([zipSync({ '../evil.txt': strToU8('x') })])).catch((reason: unknown) => reason);
    expect(archiveErrorCode(error)).toBe('unsafePath');
  });
});
