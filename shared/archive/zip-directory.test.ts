import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { localDataOffset, readZipDirectory, ZipFormatError } from './zip-directory';
import { ZipLayout } from './zip-writer';

const reader = (bytes: Uint8Array) => async (offset: number, length: number) => bytes.subarray(offset, offset + length);
const list = (bytes: Uint8Array) => readZipDirectory(reader(bytes), bytes.length);

describe('readZipDirectory', () => {
  it('lists fflate zips with sizes, methods and local data offsets', async () => {
    const zip = zipSync({ 'a/说明.txt': [strToU8('你好'.repeat(500)), { level: 9 }], 'b.bin': [new Uint8Array([1, 2, 3]), { level: 0 }], 'empty/': [new Uint8Array(0), { level: 0 }] });
    const entries = await list(zip);
    expect(entries.map((entry) => [entry.name, entry.directory, entry.method, entry.size])).toEqual([
      ['a/说明.txt', false, 8, 3000],
      ['b.bin', false, 0, 3],
      ['empty/', true, 0, 0],
    ]);
    const stored = entries[1]!;
    const start = localDataOffset(zip.subarray(stored.localOffset, stored.localOffset + 64), stored.localOffset);
    expect([...zip.subarray(start, start + stored.compressedSize)]).toEqual([1, 2, 3]);
  });

  it('takes sizes from the central directory when the local header defers to a data descriptor', async () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    const entry = new ZipDeflate('streamed.txt', { level: 6 });
    zip.add(entry);
    entry.push(strToU8('streamed '.repeat(1000)), true);
    zip.end();
    const [listed] = await list(new Uint8Array(Buffer.concat(chunks)));
    expect(listed!.flags & 8).toBe(8);
    expect(listed!.size).toBe(9000);
  });

  it('decodes GBK names written without the UTF-8 flag', async () => {
    const layout = new ZipLayout();
    const record = { path: 'abcd.txt', directory: false, method: 0, crc: 0, compressedSize: 0, size: 0, modified: Date.now() } as const;
    const zip = new Uint8Array(Buffer.concat([layout.add(record), layout.finish()]));
    // Patch the 4 ASCII bytes into GBK "中文" in both headers.
    for (let at = 0; at < zip.length - 4; at++) if (String.fromCharCode(...zip.subarray(at, at + 4)) === 'abcd') zip.set([0xd6, 0xd0, 0xce, 0xc4], at);
    expect((await list(zip))[0]!.name).toBe('中文.txt');
  });

  it('reads the zip64 end records', async () => {
    const layout = new ZipLayout();
    const parts: Uint8Array[] = [];
    for (let index = 0; index < 65_536; index++) parts.push(layout.add({ path: `${index}`, directory: false, method: 0, crc: 0, compressedSize: 0, size: 0, modified: 0 }));
    parts.push(layout.finish());
    const entries = await list(new Uint8Array(Buffer.concat(parts)));
    expect(entries).toHaveLength(65_536);
    expect(entries[65_535]!.name).toBe('65535');
  });

  it('refuses what is not a zip', async () => {
    await expect(list(strToU8('not a zip at all, just some text that is long enough'))).rejects.toBeInstanceOf(ZipFormatError);
    const zip = zipSync({ 'a.txt': strToU8('a') });
    await expect(list(zip.subarray(0, zip.length - 5))).rejects.toBeInstanceOf(ZipFormatError);
  });

  const corpus = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');
  it('lists the corpus zips with MANIFEST entry counts', async (context) => {
    const manifest = join(corpus, 'MANIFEST.tsv');
    if (!existsSync(manifest)) {
      console.log(`no corpus at ${corpus}: zip listing accuracy skipped`);
      context.skip();
    }
    const [head, ...rows] = readFileSync(manifest, 'utf8').trim().split('\n');
    const columns = head!.split('\t');
    let checked = 0;
    for (const row of rows) {
      const record = Object.fromEntries(row.split('\t').map((value, index) => [columns[index]!, value]));
      const count = /zip_entries=(\d+)/.exec(record.facts ?? '')?.[1];
      if (record.ext !== 'zip' || count === undefined) continue;
      const bytes = new Uint8Array(readFileSync(join(corpus, record.path!)));
      expect((await list(bytes)).length, record.path).toBe(Number(count));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
