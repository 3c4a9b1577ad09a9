import SevenZip from '7z-wasm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import {
  ALL_FILES,
  BAD_PATH,
  damagedSamples,
  damageStored,
  SEVEN_ZIP_SAMPLE_SWITCHES,
  SOUND_FILES,
} from '@shared/testing/damaged-archives';
import type * as SevenZipCore from './sevenzip-core';
import { listZip, readZipEntries } from './zip-read-core';

/**
 * 7-Zip (the wasm build the website runs) in Node. WORKERFS, which mounts the archive's File, wants
 * a worker's FileReaderSync: these Blobs keep their bytes so that a stand-in can read them at once.
 */
class SyncBlob extends Blob {
  constructor(readonly held: Uint8Array) {
    super([held as BlobPart]);
  }
  override slice(start = 0, end = this.held.length): SyncBlob {
    return new SyncBlob(
      this.held.subarray(start < 0 ? Math.max(0, this.held.length + start) : start, end < 0 ? this.held.length + end : end),
    );
  }
}

let core: typeof SevenZipCore;
beforeAll(async () => {
  Object.assign(globalThis, {
    WorkerGlobalScope: class {},
    FileReaderSync: class {
      readAsArrayBuffer(blob: SyncBlob) {
        return blob.held.slice().buffer;
      }
    },
  });
  core = await import('./sevenzip-core');
});
// Emscripten in Node sets the process's exit code to 7-Zip's.
afterEach(() => void (process.exitCode = 0));

const text = (bytes: Uint8Array | null) => (bytes === null ? '<damaged>' : new TextDecoder().decode(bytes));
const utf8 = (value: string) => new TextEncoder().encode(value);

/** A ustar header: '0' file, '1' hard link, '2' symbolic link, '5' folder. */
function tarHeader(name: string, type: '0' | '1' | '2' | '5', size = 0, link = ''): Uint8Array {
  const header = new Uint8Array(512);
  const put = (value: string, at: number) => header.set(utf8(value), at);
  put(name, 0);
  put(type === '5' ? '0000755\0' : '0000644\0', 100);
  put('0000000\0', 108);
  put('0000000\0', 116);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124);
  put(`${(1_700_000_000).toString(8).padStart(11, '0')}\0`, 136);
  put('        ', 148);
  put(type, 156);
  put(link, 157);
  put('ustar\u000000', 257);
  put(
    `${header
      .reduce((sum, byte) => sum + byte, 0)
      .toString(8)
      .padStart(6, '0')}\0 `,
    148,
  );
  return header;
}

function tar(entries: { name: string; type: '0' | '1' | '2' | '5'; data?: string; link?: string }[]): SyncBlob {
  const parts: Uint8Array[] = [];
  for (const { name, type, data = '', link } of entries) {
    const bytes = utf8(data);
    parts.push(tarHeader(name, type, bytes.length, link), bytes, new Uint8Array((512 - (bytes.length % 512)) % 512));
  }
  parts.push(new Uint8Array(1024));
  return new SyncBlob(new Uint8Array(Buffer.concat(parts)));
}

/** An archive made by 7-Zip itself from files and symbolic links in its in-memory file system. */
async function made(
  type: '7z' | 'zip',
  files: Record<string, string>,
  links: Record<string, string> = {},
  switches: string[] = [],
): Promise<SyncBlob> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.mkdir('/src');
  for (const [path, data] of Object.entries(files)) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      try {
        sz.FS.mkdir(`/src/${parts.slice(0, depth).join('/')}`);
      } catch {
        // made for an earlier file
      }
    }
    sz.FS.writeFile(`/src/${path}`, data);
  }
  for (const [path, target] of Object.entries(links)) sz.FS.symlink(target, `/src/${path}`);
  sz.FS.chdir('/src');
  sz.callMain([
    'a',
    `-t${type}`,
    '-snl',
    ...switches,
    `/out.${type}`,
    ...sz.FS.readdir('/src').filter((name) => name !== '.' && name !== '..'),
    '-y',
  ]);
  return new SyncBlob(sz.FS.readFile(`/out.${type}`));
}

const LINKS_TAR = () =>
  tar([
    { name: 'lib/', type: '5' },
    { name: 'lib/lib.so.1', type: '0', data: 'ELF pretend' },
    { name: 'lib/lib.so', type: '2', link: 'lib.so.1' },
    { name: 'lib/dangling', type: '2', link: '../nowhere' },
    { name: 'lib/absolute', type: '2', link: '/etc/passwd' },
    { name: 'lib/climbing', type: '2', link: '../../../../escape' },
    { name: 'lib/current', type: '2', link: '.' },
    { name: 'lib/hard', type: '1', link: 'lib/lib.so.1' },
  ]);
const BUDGET = { budget: 1024 * 1024 };

/** Where a zip's first file (a local entry whose name does not end in '/') keeps its data. */
function firstZipDataAt(zip: Uint8Array): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 30 < zip.length; at++) {
    if (view.getUint32(at, true) !== 0x04034b50) continue;
    const nameLength = view.getUint16(at + 26, true);
    if (zip[at + 30 + nameLength - 1] !== 0x2f) return at + 30 + nameLength + view.getUint16(at + 28, true);
  }
  throw new Error('no file in the zip');
}

describe('7-Zip in wasm: links', () => {
  it("extracts a tar with symbolic and hard links: a link gives its target as text, a hard link its target's bytes", async () => {
    const listing = await core.listWith7z('links-tar', LINKS_TAR(), 'links.tar', 'tar', undefined);
    const files = listing.entries.filter((entry) => !entry.directory).map((entry) => entry.path);
    expect(files).toEqual(['lib/lib.so.1', 'lib/lib.so', 'lib/dangling', 'lib/absolute', 'lib/climbing', 'lib/current', 'lib/hard']);
    // The hard link is listed with its target's size, which is what it extracts as.
    expect(listing.entries.find((entry) => entry.path === 'lib/hard')!.size).toBe(11);
    const data = await core.readWith7z('links-tar', LINKS_TAR(), 'links.tar', 'tar', files, BUDGET);
    expect(data.map(text)).toEqual(['ELF pretend', 'lib.so.1', '../nowhere', '/etc/passwd', '../../../../escape', '.', 'ELF pretend']);
  });

  it('leaves 7-Zip working after a tar with links: the next archives extract (it used to stay jammed until reload)', async () => {
    const archive = LINKS_TAR();
    await core.listWith7z('jam', archive, 'links.tar', 'tar', undefined);
    await core.readWith7z('jam', archive, 'links.tar', 'tar', ['lib/lib.so', 'lib/dangling', 'lib/lib.so.1'], BUDGET);
    const sevenZip = await made('7z', { 'a.txt': 'seven' });
    expect((await core.listWith7z('after', sevenZip, 'a.7z', '7z', undefined)).entries.map((entry) => entry.path)).toEqual(['a.txt']);
    expect((await core.readWith7z('after', sevenZip, 'a.7z', '7z', ['a.txt'], BUDGET)).map(text)).toEqual(['seven']);
    // Reading again, and reading the tar again, after the 7z.
    expect((await core.readWith7z('again', archive, 'links.tar', 'tar', ['lib/lib.so.1', 'lib/current'], BUDGET)).map(text)).toEqual([
      'ELF pretend',
      '.',
    ]);
  });

  it('reads links of a 7z and a zip, which keep the target as data, dangerous targets included', async () => {
    for (const type of ['7z', 'zip'] as const) {
      const archive = await made(
        type,
        { 'pkg/real.txt': 'real' },
        { 'pkg/link': 'real.txt', 'pkg/abs': '/etc/passwd', 'pkg/up': '../../../up' },
      );
      const listing = await core.listWith7z(`made-${type}`, archive, `links.${type}`, type, undefined);
      const files = listing.entries
        .filter((entry) => !entry.directory)
        .map((entry) => entry.path)
        .sort();
      expect(files, type).toEqual(['pkg/abs', 'pkg/link', 'pkg/real.txt', 'pkg/up']);
      expect((await core.readWith7z(`made-${type}`, archive, `links.${type}`, type, files, BUDGET)).map(text), type).toEqual([
        '/etc/passwd',
        'real.txt',
        'real',
        '../../../up',
      ]);
    }
  });

  it('finds the links again when the worker reopens an archive it has not listed (after a cancel)', async () => {
    const archive = LINKS_TAR();
    expect((await core.readWith7z('never-listed', archive, 'links.tar', 'tar', ['lib/lib.so', 'lib/hard'], BUDGET)).map(text)).toEqual([
      'lib.so.1',
      'ELF pretend',
    ]);
  });

  it('fails with an ArchiveError, never a plain object, and keeps working afterwards', async () => {
    const archive = LINKS_TAR();
    const failure = await core
      .readWith7z('missing', archive, 'links.tar', 'tar', ['lib/not-there'], BUDGET)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ArchiveError);
    expect((failure as ArchiveError).code).toBe('corrupt');
    expect((await core.readWith7z('missing', archive, 'links.tar', 'tar', ['lib/lib.so.1'], BUDGET)).map(text)).toEqual(['ELF pretend']);
  });
});

describe('7-Zip in wasm: writing a 7z', () => {
  it("keeps empty folders and every file's and folder's date, listed right in any time zone", async () => {
    // 7-Zip prints local times; China's is UTC+8 (they were read as UTC: 8 hours late).
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Shanghai';
    onTestFinished(() => void (zone === undefined ? delete process.env.TZ : (process.env.TZ = zone)));
    const day = (date: number) => Date.UTC(2021, 2, date, 8, 30, 0);
    const archive = await core.createWith7z(
      [
        { file: new SyncBlob(utf8('hello')), path: '项目/说明.txt', modified: day(1) },
        { path: '项目', modified: day(2) },
        { path: '项目/空文件夹', modified: day(3) },
        { path: '项目/深/更深' },
      ],
      5,
      undefined,
      false,
    );
    const bytes = new SyncBlob(new Uint8Array(await archive.arrayBuffer()));
    const listing = await core.listWith7z('created', bytes, 'made.7z', '7z', undefined);
    const entries = new Map(listing.entries.map((entry) => [entry.path, entry]));
    expect([...entries.keys()].sort()).toEqual(['项目', '项目/深', '项目/深/更深', '项目/空文件夹', '项目/说明.txt']);
    expect(entries.get('项目/空文件夹')!.directory).toBe(true);
    expect(entries.get('项目/深/更深')!.directory).toBe(true);
    expect(entries.get('项目/说明.txt')!.modified).toBe(day(1));
    expect(entries.get('项目')!.modified).toBe(day(2));
    expect(entries.get('项目/空文件夹')!.modified).toBe(day(3));
    expect((await core.readWith7z('created', bytes, 'made.7z', '7z', ['项目/说明.txt'], BUDGET)).map(text)).toEqual(['hello']);
  });
});

/** Fixtures made by fixtures/make-unsupported-method.mjs: one stored file whose coder is Zstandard. */
const fixture = (name: string) => new SyncBlob(new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name))));
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('7-Zip in wasm: methods it lacks', () => {
  it('names Zstandard when extracting a 7z it has just listed, instead of calling the file unrecognisable', async () => {
    const archive = fixture('zstd-method.7z');
    const listing = await core.listWith7z('zstd', archive, 'zstd.7z', '7z', undefined);
    expect(listing.entries.map((entry) => entry.path)).toEqual(['hello.txt']);
    const failure = await failureOf(core.readWith7z('zstd', archive, 'zstd.7z', '7z', ['hello.txt'], BUDGET));
    expect(failure).toBeInstanceOf(ArchiveError);
    expect((failure as Error).message).toBe('archive:unsupportedMethod: Zstandard');
  });

  it('names the method after the right password too, never blaming the password', async () => {
    const archive = fixture('zstd-method-password-secret.7z');
    const listing = await core.listWith7z('zstd-aes', archive, 'zstd-aes.7z', '7z', undefined);
    expect(listing.encrypted).toBe(true);
    // What the page's password check does: read one byte of the smallest encrypted file.
    const failure = await failureOf(
      core.readWith7z('zstd-aes', archive, 'zstd-aes.7z', '7z', ['hello.txt'], { ...BUDGET, password: 'secret', truncateAt: 1 }),
    );
    expect((failure as Error).message).toBe('archive:unsupportedMethod: Zstandard');
  });
});

describe('7-Zip in wasm: multi-volume archives', () => {
  const corpus = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');
  const volume = (name: string) => new SyncBlob(new Uint8Array(readFileSync(join(corpus, 'archive/rarfile', name))));

  it('asks for the missing volume of a split RAR, and reads it whole once the other volumes are given', async (context) => {
    if (!existsSync(join(corpus, 'archive/rarfile/rar3-vols.part1.rar'))) {
      console.log(`no corpus at ${corpus}: split RAR skipped`);
      context.skip();
    }
    const first = volume('rar3-vols.part1.rar');
    const failure = await failureOf(core.listWith7z('vols-alone', first, 'rar3-vols.part1.rar', 'rar', undefined));
    expect((failure as Error).message).toBe('archive:missingVolume: rar3-vols.part2.rar');
    const others = ['rar3-vols.part2.rar', 'rar3-vols.part3.rar'].map((name) => ({ name, data: volume(name) }));
    const listing = await core.listWith7z('vols', first, 'rar3-vols.part1.rar', 'rar', undefined, others);
    const big = listing.entries.find((entry) => entry.path.endsWith('bigfile.txt'))!;
    expect(big.size).toBe(205000);
    const [bytes] = await core.readWith7z('vols', first, 'rar3-vols.part1.rar', 'rar', [big.path], { ...BUDGET, volumes: others });
    expect(bytes!.length).toBe(205000);
  });
});

describe('7-Zip in wasm: damaged entries', () => {
  it('reports a file that fails its CRC by name, and in an extraction skips it and gives the others', async () => {
    // Stored, not solid, so each file's bytes sit apart: the first file's data starts right after the 32-byte signature header.
    const sound = await made('7z', { 'a.txt': 'aaaaaaaa', 'b.txt': 'bbbbbbbb' }, {}, ['-mx0', '-ms=off']);
    const bytes = sound.held.slice();
    bytes[32]! ^= 0xff;
    const damaged = new SyncBlob(bytes);
    const listing = await core.listWith7z('crc', damaged, 'crc.7z', '7z', undefined);
    const [first, second] = listing.entries.map((entry) => entry.path);
    const got = await core.readWith7z('crc', damaged, 'crc.7z', '7z', [first!, second!], { ...BUDGET, skipDamaged: true });
    expect(got.map(text)).toEqual(['<damaged>', text(new TextEncoder().encode(second === 'a.txt' ? 'aaaaaaaa' : 'bbbbbbbb'))]);
    const failure = await failureOf(core.readWith7z('crc', damaged, 'crc.7z', '7z', [first!], BUDGET));
    expect((failure as Error).message).toBe(`archive:damagedEntry: ${first}`);
  });
});

describe('damaged entries: the samples the desktop engine is tested on (electron/main/adapters/archive/damaged.test.ts)', () => {
  let extractions = 0;
  /** What the browser engine extracts (browser-open.ts readEntries): zips through our zip reader, the rest through 7-Zip. */
  async function extract(fileName: string, bytes: Uint8Array, show: (bytes: Uint8Array) => string = text) {
    const blob = new SyncBlob(bytes);
    const key = `parity-${fileName}-${(extractions += 1)}`;
    const zipListing = fileName.endsWith('.zip') ? await listZip(key, blob) : undefined;
    // bzip2, lzma or zstd inside a zip go to 7-Zip, as in browser-open.ts.
    const zip = zipListing !== undefined && !zipListing.foreignMethods;
    const format = fileName.endsWith('.gz') ? 'gz' : fileName.endsWith('.zip') ? 'zip' : '7z';
    const listing = zip ? zipListing! : await core.listWith7z(key, blob, fileName, format, undefined);
    const paths = listing.entries.filter((entry) => !entry.directory).map((entry) => entry.path);
    const read = (chosen: string[], skipDamaged: boolean) =>
      zip
        ? readZipEntries(key, blob, chosen, { ...BUDGET, skipDamaged, isCancelled: () => false })
        : core.readWith7z(key, blob, fileName, format, chosen, { ...BUDGET, skipDamaged });
    const data = await read(paths, true);
    const written = Object.fromEntries(paths.flatMap((path, index) => (data[index] ? [[path, show(data[index])]] : [])));
    const damaged = paths.filter((_, index) => data[index] === null);
    const alone = await Promise.all(damaged.map((path) => failureOf(read([path], false)).then((error) => (error as Error).message)));
    return { damaged, written, alone };
  }

  it('leaves the same file out, hands out the same others and fails the same single read', async () => {
    const sevenZ = await made('7z', { ...ALL_FILES }, {}, SEVEN_ZIP_SAMPLE_SWITCHES.slice(1));
    const samples = [
      ...damagedSamples(),
      { fileName: 'stored.7z', bytes: damageStored(sevenZ.held), damaged: [BAD_PATH], written: SOUND_FILES },
    ];
    for (const sample of samples)
      expect({ sample: sample.fileName, ...(await extract(sample.fileName, sample.bytes)) }).toEqual({
        sample: sample.fileName,
        damaged: sample.damaged,
        written: sample.written,
        alone: sample.damaged.map((path) => `archive:damagedEntry: ${path}`),
      });
  });

  const corpus = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');
  const manifest = join(corpus, 'MANIFEST.tsv');
  const plain = existsSync(manifest)
    ? readFileSync(manifest, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'))
        .filter(([path, category, , , , , ext, , , , , , , , , , , , , facts = '', notes = '']) => {
          const usable = /encrypted=no/.test(facts) && /entries=[1-9]/.test(facts) && !/volume|encrypt|password/i.test(notes);
          return category === 'archive' && ['zip', '7z'].includes(ext ?? '') && path && usable;
        })
        .map(([path]) => path!)
    : [];

  it('corpus zip and 7z files with one byte flipped in the first file: the damaged ones left out, every other file whole, or the archive refused', async (context) => {
    if (plain.length === 0) {
      console.log(`no corpus at ${corpus}: flipped corpus archives skipped`);
      context.skip();
    }
    // The desktop's test flips the same byte (electron/main/adapters/archive/damaged.test.ts).
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
    for (const path of plain) {
      const original = new Uint8Array(readFileSync(join(corpus, path)));
      const sound = await extract(path, original, hex);
      const flipped = original.slice();
      flipped[(path.endsWith('.7z') ? 32 : firstZipDataAt(flipped)) + 1]! ^= 0x55;
      const outcome = await extract(path, flipped, hex).catch((error: unknown) => error);
      if (outcome instanceof Error) {
        expect(archiveErrorCode(outcome), path).toBeDefined();
        continue;
      }
      const { damaged, written, alone } = outcome as Awaited<ReturnType<typeof extract>>;
      expect(written, path).toEqual(Object.fromEntries(Object.entries(sound.written).filter(([name]) => !damaged.includes(name))));
      expect(alone, path).toEqual(damaged.map((name) => `archive:damagedEntry: ${name}`));
    }
  });
});

describe('7-Zip in wasm: a solid block that does not decode', () => {
  it('fails the extraction as corrupt instead of handing out what 7-Zip wrote of its files (it names the block "#0", no file)', async () => {
    const sound = await made('7z', { 'a.txt': 'a'.repeat(3000), 'b.txt': 'b'.repeat(3000) });
    const bytes = sound.held.slice();
    bytes[33]! ^= 0x55;
    const damaged = new SyncBlob(bytes);
    const listing = await core.listWith7z('solid-damaged', damaged, 'solid.7z', '7z', undefined);
    const paths = listing.entries.map((entry) => entry.path);
    const failure = await failureOf(core.readWith7z('solid-damaged', damaged, 'solid.7z', '7z', paths, { ...BUDGET, skipDamaged: true }));
    expect(archiveErrorCode(failure)).toBe('corrupt');
    // Read alone, a file either decodes whole and right (7-Zip stops before the damage) or is damaged by name, as on the desktop.
    const reads: string[] = [];
    for (const letter of ['a', 'b'])
      reads.push(
        await core.readWith7z('solid-damaged', damaged, 'solid.7z', '7z', [`${letter}.txt`], BUDGET).then(
          ([data]) => (text(data ?? null) === letter.repeat(3000) ? 'right' : 'wrong'),
          (error: unknown) => (error instanceof Error ? error.message : 'not an Error'),
        ),
      );
    expect(reads.every((read) => read === 'right' || /^archive:damagedEntry: [ab]\.txt$/.test(read))).toBe(true);
    expect(reads).toContain('archive:damagedEntry: b.txt');
  });
});

describe('7-Zip in wasm: split files', () => {
  const corpus = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');
  const part = (name: string) => new SyncBlob(new Uint8Array(readFileSync(join(corpus, 'archive/py7zr', name))));

  it('asks for x.7z.002 when given x.7z.001 alone, and lists the 7z inside once it is there', async (context) => {
    if (!existsSync(join(corpus, 'archive/py7zr/archive.7z.001'))) {
      console.log(`no corpus at ${corpus}: split 7z skipped`);
      context.skip();
    }
    const first = part('archive.7z.001');
    const failure = await failureOf(core.listWith7z('split-alone', first, 'archive.7z.001', '7z', undefined));
    expect((failure as Error).message).toBe('archive:missingVolume: archive.7z.002');
    const listing = await core.listWith7z('split', first, 'archive.7z.001', '7z', undefined, [
      { name: 'archive.7z.002', data: part('archive.7z.002') },
    ]);
    expect(listing.format).toBe('7z');
    expect(listing.entries.length).toBeGreaterThan(0);
  });
});
