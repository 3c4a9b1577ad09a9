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
    const zip = zipSync({
      'a/说明.txt': [strToU8('你好'.repeat(500)), { level: 9 }],
      'b.bin': [new Uint8Array([1, 2, 3]), { level: 0 }],
      'empty/': [new Uint8Array(0), { level: 0 }],
    });
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
    for (let at = 0; at < zip.length - 4; at++)
      if (String.fromCharCode(...zip.subarray(at, at + 4)) === 'abcd') zip.set([0xd6, 0xd0, 0xce, 0xc4], at);
    expect((await list(zip))[0]!.name).toBe('中文.txt');
  });

  /** A stored zip whose names are the given bytes, with or without the UTF-8 flag: what Windows in China, macOS and Linux zip write. */
  function rawZip(names: { raw: number[]; utf8?: boolean }[]): Uint8Array {
    const locals: number[] = [];
    const central: number[] = [];
    const u16 = (value: number) => [value & 0xff, value >> 8];
    const u32 = (value: number) => [...u16(value & 0xffff), ...u16(value >>> 16)];
    for (const { raw, utf8 } of names) {
      const flags = utf8 ? 0x0800 : 0;
      const common = [
        ...u16(20),
        ...u16(flags),
        ...u16(0),
        ...u16(0x6000),
        ...u16(0x5a21),
        ...u32(0),
        ...u32(0),
        ...u32(0),
        ...u16(raw.length),
        ...u16(0),
      ];
      central.push(...u32(0x02014b50), ...u16(20), ...common, ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(locals.length), ...raw);
      locals.push(...u32(0x04034b50), ...common, ...raw);
    }
    const end = [
      ...u32(0x06054b50),
      ...u16(0),
      ...u16(0),
      ...u16(names.length),
      ...u16(names.length),
      ...u32(central.length),
      ...u32(locals.length),
      ...u16(0),
    ];
    return new Uint8Array([...locals, ...central, ...end]);
  }
  const GB: Record<string, number[]> = {
    图片: [0xcd, 0xbc, 0xc6, 0xac],
    照片: [0xd5, 0xd5, 0xc6, 0xac],
    系统: [0xcf, 0xb5, 0xcd, 0xb3],
    目录: [0xc4, 0xbf, 0xc2, 0xbc],
  };
  const bytesOf = (template: string) => template.split(/[{}]/).flatMap((part, index) => (index % 2 ? GB[part]! : [...strToU8(part)]));
  const names = async (zip: Uint8Array) => (await list(zip)).map((entry) => [entry.name, entry.directory]);

  it('reads all unflagged names of a Chinese-Windows zip as GBK, even those that are valid UTF-8 (no phantom "ͼƬ" folder)', async () => {
    expect(await names(rawZip([{ raw: bytesOf('{图片}/') }, { raw: bytesOf('{图片}/{照片}1.txt') }]))).toEqual([
      ['图片/', true],
      ['图片/照片1.txt', false],
    ]);
    // Every name valid UTF-8 ("ϵͳ/", "Ŀ¼.txt"): still GBK.
    expect(await names(rawZip([{ raw: bytesOf('{系统}/') }, { raw: bytesOf('{系统}/{目录}.txt') }]))).toEqual([
      ['系统/', true],
      ['系统/目录.txt', false],
    ]);
  });

  it('keeps UTF-8 names written without the flag (Linux and macOS zip) and flagged names next to GBK ones', async () => {
    expect(
      await names(rawZip([{ raw: [...strToU8('文档/')] }, { raw: [...strToU8('文档/报告.txt')] }, { raw: [...strToU8('café/menu.txt')] }])),
    ).toEqual([
      ['文档/', true],
      ['文档/报告.txt', false],
      ['café/menu.txt', false],
    ]);
    expect(await names(rawZip([{ raw: [...strToU8('café/')] }, { raw: [...strToU8('café/menu.txt')] }]))).toEqual([
      ['café/', true],
      ['café/menu.txt', false],
    ]);
    expect(
      await names(
        rawZip([{ raw: [...strToU8('说明.txt')], utf8: true }, { raw: bytesOf('{图片}/') }, { raw: bytesOf('{图片}/{照片}.png') }]),
      ),
    ).toEqual([
      ['说明.txt', false],
      ['图片/', true],
      ['图片/照片.png', false],
    ]);
  });

  it('reads the zip64 end records', async () => {
    const layout = new ZipLayout();
    const parts: Uint8Array[] = [];
    for (let index = 0; index < 65_536; index++)
      parts.push(layout.add({ path: `${index}`, directory: false, method: 0, crc: 0, compressedSize: 0, size: 0, modified: 0 }));
    parts.push(layout.finish());
    const entries = await list(new Uint8Array(Buffer.concat(parts)));
    expect(entries).toHaveLength(65_536);
    expect(entries[65_535]!.name).toBe('65535');
  });

  it('finds a zip behind prepended bytes (a self-extracting .exe), as unzip does, with every offset corrected', async () => {
    const zip = zipSync({
      'setup/readme.txt': [strToU8('read me '.repeat(300)), { level: 6 }],
      'setup/data.bin': [new Uint8Array([9, 8, 7]), { level: 0 }],
    });
    const program = new Uint8Array(70_000).fill(0x90);
    program.set(strToU8('MZ'), 0);
    const sfx = new Uint8Array([...program, ...zip]);
    const entries = await list(sfx);
    expect(entries.map((entry) => entry.name)).toEqual(['setup/readme.txt', 'setup/data.bin']);
    const stored = entries[1]!;
    expect(stored.localOffset).toBe(program.length + (await list(zip))[1]!.localOffset);
    const start = localDataOffset(sfx.subarray(stored.localOffset, stored.localOffset + 64), stored.localOffset);
    expect([...sfx.subarray(start, start + stored.compressedSize)]).toEqual([9, 8, 7]);
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
