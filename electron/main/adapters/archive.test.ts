import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_PASSWORD_PROBE_BYTES, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveCreateFormat } from '@shared/contracts/archive';
import { createSevenZip } from './archive';
import { defaultEngine } from './archive/process';

const sevenZip = createSevenZip();
let dir: string;
const at = (...parts: string[]) => join(dir, ...parts);
let fresh = 0;
/** A new empty folder inside `dir/out`, whose parent the hostile-archive tests watch. */
const newFolder = (prefix: string) => {
  const folder = at('out', `${prefix}-${(fresh += 1)}`);
  mkdirSync(folder, { recursive: true });
  return folder;
};

/** relative path → sha256 for every file under `root` (folders as 'dir'). */
async function digestTree(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const key = relative(root, path).split('\\').join('/');
      if (entry.isDirectory()) {
        result[key] = 'dir';
        await walk(path);
      } else
        result[key] = createHash('sha256')
          .update(await readFile(path))
          .digest('hex');
    }
  };
  await walk(root);
  return result;
}

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return archiveErrorCode(error) ?? `not an ArchiveError: ${String(error)}`;
  }
  return 'resolved';
};

/** The message an operation rejects with ('resolved' when it does not). */
const messageOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'resolved';
};

/** relative path → 'dir', 'link → target' or the file's sha256, never following links. */
function snapshot(root: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const key = relative(root, path).split('\\').join('/');
      const info = lstatSync(path);
      if (info.isSymbolicLink()) result[key] = `link → ${readlinkSync(path)}`;
      else if (info.isDirectory()) {
        result[key] = 'dir';
        walk(path);
      } else result[key] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return result;
}

/** A tar of `[name, type, content or link target]` records, written by hand so names and links can be hostile. */
function tar(records: [name: string, type: '0' | '2' | '5', body: string][]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const [name, type, body] of records) {
    const header = new Uint8Array(512);
    const put = (text: string, offset: number) => header.set(strToU8(text), offset);
    const data = type === '0' ? strToU8(body) : new Uint8Array(0);
    put(name, 0);
    put('0000644\0', 100);
    put('0000000\0', 108);
    put('0000000\0', 116);
    put(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    put('00000000000\0', 136);
    put('        ', 148);
    put(type, 156);
    if (type === '2') put(body, 157);
    put('ustar\0', 257);
    put('00', 263);
    put(
      `${header
        .reduce((sum, byte) => sum + byte, 0)
        .toString(8)
        .padStart(6, '0')}\0 `,
      148,
    );
    blocks.push(header, data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  return Buffer.concat(blocks);
}

/** One bzip2 stream of 20,000,000 zero bytes (50 bytes); 7-Zip reads concatenated streams as one, and bzip2 records no size. */
const BZIP2_20MB_ZEROS = Buffer.from('QlpoOTFBWSZTWb/Kr8QAltJgAMAAQAAAAKAAIKU0GYxEpSNiRKUjxdyRThQkL/Kr8QA=', 'base64');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-archive-'));
  const tree = at('src', 'tree');
  mkdirSync(join(tree, '中文目录', '子目录'), { recursive: true });
  mkdirSync(join(tree, 'nested', 'deep'), { recursive: true });
  mkdirSync(join(tree, 'empty folder'), { recursive: true });
  writeFileSync(join(tree, 'readme.txt'), 'Baibao archive round trip\n'.repeat(200));
  writeFileSync(join(tree, '中文目录', '文档.txt'), '你好，世界\n'.repeat(50));
  writeFileSync(join(tree, '中文目录', '子目录', '数据.bin'), randomBytes(4096));
  writeFileSync(join(tree, 'nested', 'deep', 'notes.md'), '# notes\n');
  writeFileSync(join(tree, 'empty.txt'), '');
  writeFileSync(join(tree, 'random.bin'), randomBytes(5 * 1024 * 1024));
  writeFileSync(at('src', 'single.txt'), 'a file next to the folder\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('create → list → extract round trips', () => {
  const formats: [ArchiveCreateFormat, string][] = [
    ['zip', 'zip'],
    ['7z', '7z'],
    ['tar', 'tar'],
    ['tar.gz', 'tar.gz'],
  ];

  it.each(formats)('%s: lists every entry with its size and extracts byte-identical files', async (format, extension) => {
    const archive = at(`round.${extension}`);
    const progress: number[] = [];
    const { size } = await sevenZip.create([at('src', 'tree'), at('src', 'single.txt')], archive, {
      format,
      level: 5,
      onProgress: (f) => progress.push(f),
    });
    expect(size).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);

    const listing = await sevenZip.list(archive);
    expect(listing.format).toBe(format);
    expect(listing.encrypted).toBe(false);
    const byPath = new Map(listing.entries.map((entry) => [entry.path, entry]));
    expect(byPath.get('tree/random.bin')?.size).toBe(5 * 1024 * 1024);
    expect(byPath.get('tree/empty.txt')?.size).toBe(0);
    expect(byPath.get('tree/中文目录/文档.txt')?.size).toBe(Buffer.byteLength('你好，世界\n'.repeat(50)));
    expect(byPath.get('tree/中文目录/子目录')?.directory).toBe(true);
    expect(byPath.get('tree/empty folder')?.directory).toBe(true);
    expect(byPath.get('single.txt')?.directory).toBe(false);

    const out = newFolder(`round-${extension}`);
    const result = await sevenZip.extract(archive, out);
    expect(result.files).toBe(7);
    expect(await digestTree(out)).toEqual(await digestTree(at('src')));
  });

  // 7-Zip's zip encryption takes ASCII passwords only; 7z takes any.
  const passwords = { zip: 'Secret 123!', '7z': '密码 secret' };
  for (const format of ['zip', '7z'] as const) {
    it(`${format} with a password: listed as encrypted; missing → passwordRequired, wrong → wrongPassword, right → identical`, async () => {
      const archive = at(`secret.${format}`);
      const password = passwords[format];
      await sevenZip.create([at('src', 'tree')], archive, { format, level: 1, password });
      const listing = await sevenZip.list(archive);
      expect(listing.encrypted).toBe(true);
      expect(listing.entries.find((entry) => entry.path === 'tree/readme.txt')?.encrypted).toBe(true);

      const parent = newFolder(`secret-${format}`);
      expect(await codeOf(sevenZip.extract(archive, parent))).toBe('passwordRequired');
      expect(await codeOf(sevenZip.extract(archive, parent, { password: 'not it' }))).toBe('wrongPassword');
      expect(readdirSync(parent)).toEqual([]);
      await sevenZip.extract(archive, parent, { password });
      expect(await digestTree(join(parent, 'tree'))).toEqual(await digestTree(at('src', 'tree')));
    });
  }

  it('7z with encrypted names cannot even be listed without the password', async () => {
    const archive = at('hidden.7z');
    await sevenZip.create([at('src', 'tree')], archive, { format: '7z', level: 1, password: 'pw', encryptNames: true });
    expect(await codeOf(sevenZip.list(archive))).toBe('passwordRequired');
    expect(await codeOf(sevenZip.list(archive, { password: 'nope' }))).toBe('wrongPassword');
    const listing = await sevenZip.list(archive, { password: 'pw' });
    expect(listing.encrypted).toBe(true);
    expect(listing.entries.some((entry) => entry.path === 'tree/中文目录/文档.txt')).toBe(true);
  });

  it('can write the archive inside a folder it archives, without archiving itself', async () => {
    const folder = at('self');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.txt'), 'a');
    await sevenZip.create([folder], join(folder, 'self.zip'), { format: 'zip', level: 1 });
    expect((await sevenZip.list(join(folder, 'self.zip'))).entries.map((entry) => entry.path).sort()).toEqual(['self', 'self/a.txt']);
    expect(readdirSync(folder).sort()).toEqual(['a.txt', 'self.zip']);
  });

  it('refuses passwords no archive takes: line breaks (no typed password has one), non-ASCII for zip', async () => {
    expect(await codeOf(sevenZip.list(at('secret.zip'), { password: 'a\nb' }))).toBe('wrongPassword');
    await expect(
      sevenZip.create([at('src', 'single.txt')], at('out', 'x.zip'), { format: 'zip', level: 1, password: '密码' }),
    ).rejects.toThrow(/ASCII/);
  });
});

describe('partial extraction and single entries', () => {
  it('extracts only the requested file or folder', async () => {
    const one = newFolder('one');
    expect(await sevenZip.extract(at('round.7z'), one, { paths: ['tree/中文目录/文档.txt'] })).toMatchObject({ files: 1 });
    expect(Object.keys(await digestTree(one)).filter((key) => !key.endsWith('目录') && key !== 'tree')).toEqual(['tree/中文目录/文档.txt']);

    const folder = newFolder('folder');
    await sevenZip.extract(at('round.zip'), folder, { paths: ['tree/中文目录'] });
    const files = Object.entries(await digestTree(folder)).filter(([, digest]) => digest !== 'dir');
    expect(files.map(([key]) => key).sort()).toEqual(['tree/中文目录/子目录/数据.bin', 'tree/中文目录/文档.txt']);
  });

  it('readEntry returns the exact bytes, and cuts a longer entry at maxBytes instead of refusing it', async () => {
    const expected = readFileSync(at('src', 'tree', 'random.bin'));
    for (const archive of ['round.zip', 'round.7z', 'round.tar.gz']) {
      const whole = await sevenZip.readEntry(at(archive), 'tree/random.bin', { maxBytes: expected.length });
      expect(Buffer.from(whole).equals(expected)).toBe(true);
      const cut = await sevenZip.readEntry(at(archive), 'tree/random.bin', { maxBytes: 1000 });
      expect(Buffer.from(cut).equals(expected.subarray(0, 1000))).toBe(true);
    }
    const readme = 'Baibao archive round trip\n'.repeat(200);
    const secret = await sevenZip.readEntry(at('secret.zip'), 'tree/readme.txt', { password: 'Secret 123!', maxBytes: 1 << 20 });
    expect(Buffer.from(secret).toString()).toBe(readme);
    expect(await codeOf(sevenZip.readEntry(at('secret.7z'), 'tree/readme.txt', { maxBytes: 1 << 20 }))).toBe('passwordRequired');
    // Asked for exactly its size, an entry is read to its end, where 7-Zip's CRC check catches a wrong 7z password.
    expect(await codeOf(sevenZip.readEntry(at('secret.7z'), 'tree/readme.txt', { password: 'not it', maxBytes: readme.length }))).toBe(
      'wrongPassword',
    );
  });

  it("checks a password on the first ARCHIVE_PASSWORD_PROBE_BYTES of an encrypted entry bigger than that (the page's check on the smallest one)", async () => {
    const content = randomBytes(ARCHIVE_PASSWORD_PROBE_BYTES * 2 + 123);
    const source = at('src-probe', 'only-big.bin');
    mkdirSync(at('src-probe'), { recursive: true });
    writeFileSync(source, content);
    for (const format of ['zip', '7z'] as const) {
      const archive = at(`probe.${format}`);
      await sevenZip.create([source], archive, { format, level: 5, password: 'right one' });
      const probe = { maxBytes: ARCHIVE_PASSWORD_PROBE_BYTES };
      expect(await codeOf(sevenZip.readEntry(archive, 'only-big.bin', { ...probe, password: 'wrong one' }))).toBe('wrongPassword');
      const prefix = await sevenZip.readEntry(archive, 'only-big.bin', { ...probe, password: 'right one' });
      expect(Buffer.from(prefix).equals(content.subarray(0, ARCHIVE_PASSWORD_PROBE_BYTES))).toBe(true);
    }
  });
});

describe('extracting into a folder that already holds things', () => {
  it('refuses a file over a folder and a folder over a file or a symlink, moving nothing; merges folders and replaces files otherwise', async () => {
    const destination = newFolder('conflict');
    mkdirSync(join(destination, 'Projects', 'thesis'), { recursive: true });
    writeFileSync(join(destination, 'Projects', 'thesis', 'chapter1.docx'), 'my thesis');
    writeFileSync(join(destination, 'notes'), 'my notes');
    const elsewhere = newFolder('elsewhere');
    symlinkSync(elsewhere, join(destination, 'linked'));
    const before = snapshot(destination);

    const clashes: [Record<string, string>, string][] = [
      // The audit's evil.zip: one file named like the user's folder (and a harmless file, which must not land either).
      [{ 'fine.txt': 'fine', Projects: 'not a folder' }, 'Projects'],
      [{ 'notes/a.txt': 'a folder where a file is' }, 'notes'],
      [{ 'linked/evil.txt': 'through the link' }, 'linked'],
      [{ 'Projects/thesis/chapter1.docx/inside.txt': 'deep' }, 'Projects/thesis/chapter1.docx'],
    ];
    for (const [index, [files, clash]] of clashes.entries()) {
      const archive = at(`clash-${index}.zip`);
      writeFileSync(archive, zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
      expect(await messageOf(sevenZip.extract(archive, destination))).toBe(`archive:conflict: ${clash}`);
      expect(snapshot(destination)).toEqual(before);
      expect(readdirSync(elsewhere)).toEqual([]);
    }

    const fitting = at('fitting.zip');
    writeFileSync(
      fitting,
      zipSync({
        'Projects/thesis/chapter2.docx': strToU8('new chapter'),
        notes: strToU8('new notes'),
        linked: strToU8('a file in place of the link'),
      }),
    );
    await sevenZip.extract(fitting, destination);
    expect(readFileSync(join(destination, 'Projects', 'thesis', 'chapter1.docx'), 'utf8')).toBe('my thesis');
    expect(readFileSync(join(destination, 'Projects', 'thesis', 'chapter2.docx'), 'utf8')).toBe('new chapter');
    expect(readFileSync(join(destination, 'notes'), 'utf8')).toBe('new notes');
    // The link itself is replaced; what it pointed at is untouched.
    expect(lstatSync(join(destination, 'linked')).isSymbolicLink()).toBe(false);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(destination).sort()).toEqual(['Projects', 'linked', 'notes']);
  });
});

describe('hostile archives', () => {
  /** Extracting `archive` fails with `code` and leaves the destination's parent exactly as it was. */
  async function refused(archive: string, code: string) {
    const parent = newFolder('hostile');
    const destination = join(parent, 'chosen');
    mkdirSync(destination);
    expect(await codeOf(sevenZip.extract(archive, destination))).toBe(code);
    expect(readdirSync(parent)).toEqual(['chosen']);
    expect(readdirSync(destination)).toEqual([]);
  }

  it('refuses ../ and absolute entry names, in the listing and on extraction', async () => {
    const traversal = at('traversal.zip');
    writeFileSync(traversal, zipSync({ 'fine.txt': strToU8('ok'), '../evil.txt': strToU8('boom') }));
    expect(await codeOf(sevenZip.list(traversal))).toBe('unsafePath');
    await refused(traversal, 'unsafePath');

    const absolute = at('absolute.zip');
    writeFileSync(absolute, zipSync({ [`${at('out')}/absolute-evil.txt`]: strToU8('boom') }));
    await refused(absolute, 'unsafePath');
    expect(existsSync(at('out', 'absolute-evil.txt'))).toBe(false);
  });

  it('refuses a tar whose symlink leads out, with a file written through it', async () => {
    const outside = newFolder('outside');
    const archive = at('symlink.tar');
    writeFileSync(
      archive,
      tar([
        ['link', '2', outside],
        ['link/evil.txt', '0', 'boom'],
      ]),
    );
    await refused(archive, 'unsafePath');
    expect(readdirSync(outside)).toEqual([]);

    const relativeEscape = at('symlink-relative.tar');
    writeFileSync(
      relativeEscape,
      tar([
        ['up', '2', '../../..'],
        ['ok.txt', '0', 'fine'],
      ]),
    );
    await refused(relativeEscape, 'unsafePath');
  });

  it('refuses a zip holding a symlink to an absolute path (its target is only known once written)', async () => {
    const tree = at('links', 'bundle');
    mkdirSync(tree, { recursive: true });
    writeFileSync(join(tree, 'real.txt'), 'real');
    symlinkSync(at('src'), join(tree, 'escape'));
    const archive = at('links.zip');
    await sevenZip.create([tree], archive, { format: 'zip', level: 1 });
    await refused(archive, 'unsafePath');
  });

  it('refuses a bomb by its declared sizes before writing anything', async () => {
    const zip = Buffer.from(zipSync({ 'zeros.bin': new Uint8Array(1 << 20) }, { level: 9 }));
    // Claim 3.75 GB uncompressed in both the local header and the central directory.
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(0xf0000000, 22);
    zip.writeUInt32LE(0xf0000000, central + 24);
    const archive = at('declared-bomb.zip');
    writeFileSync(archive, zip);
    expect((await sevenZip.list(archive)).entries[0]?.size).toBe(0xf0000000);
    await refused(archive, 'bomb');
  });

  it('stops a bomb whose size is not declared while 7-Zip writes it', async () => {
    const archive = at('zeros.bz2');
    writeFileSync(archive, Buffer.concat(Array.from({ length: 25 }, () => BZIP2_20MB_ZEROS)));
    await refused(archive, 'bomb');
  });
});

describe('cancellation', () => {
  it('stops 7-Zip mid-extract, throws cancelled and removes the partial output', async () => {
    const archive = at('large.bz2');
    writeFileSync(archive, Buffer.concat(Array.from({ length: 4 }, () => BZIP2_20MB_ZEROS)));
    const destination = newFolder('cancel');
    const controller = new AbortController();
    // Progress counts the few compressed bytes read, so its first report can come as late as the
    // end; an idle machine writes these 80 MB in ~0.3 s, so the timer is what lands mid-way there.
    const timer = setTimeout(() => controller.abort(), 60);
    const code = await codeOf(
      sevenZip.extract(archive, destination, { signal: controller.signal, onProgress: (fraction) => fraction > 0 && controller.abort() }),
    );
    clearTimeout(timer);
    expect(code).toBe('cancelled');
    expect(readdirSync(destination)).toEqual([]);
  });

  it('a cancel that comes once 7-Zip can no longer be stopped still leaves no archive', async () => {
    let cancelled = false;
    // The job's signal when the cancel arrives as 7-Zip exits: aborted, with nothing left to stop.
    const late = {
      get aborted() {
        return cancelled;
      },
      addEventListener() {},
      removeEventListener() {},
    } as unknown as AbortSignal;
    const output = at('out', 'late.zip');
    const code = await codeOf(
      sevenZip.create([at('src', 'tree')], output, { format: 'zip', level: 1, signal: late, onProgress: () => (cancelled = true) }),
    );
    expect(code).toBe('cancelled');
    expect(readdirSync(at('out')).filter((name) => name.includes('late'))).toEqual([]);
  });

  it('cancels creation and leaves no output', async () => {
    const controller = new AbortController();
    const output = at('out', 'cancelled.7z');
    const code = await codeOf(
      sevenZip.create([at('src', 'tree')], output, {
        format: '7z',
        level: 9,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    );
    expect(code).toBe('cancelled');
    expect(readdirSync(at('out')).filter((name) => name.includes('cancelled'))).toEqual([]);
  });
});

describe('methods 7-Zip lacks', () => {
  /** 7z files whose one stored file claims Zstandard (renderer/platform/archive/fixtures/make-unsupported-method.mjs). */
  const fixture = (name: string) => join(import.meta.dirname, '../../../renderer/platform/archive/fixtures', name);

  it('names Zstandard when extracting or previewing a 7z it has just listed, instead of calling it damaged', async () => {
    expect((await sevenZip.list(fixture('zstd-method.7z'))).entries.map((entry) => entry.path)).toEqual(['hello.txt']);
    expect(await messageOf(sevenZip.readEntry(fixture('zstd-method.7z'), 'hello.txt', { maxBytes: 100 }))).toBe(
      'archive:unsupportedMethod: Zstandard',
    );
    const destination = newFolder('zstd');
    expect(await messageOf(sevenZip.extract(fixture('zstd-method.7z'), destination))).toBe('archive:unsupportedMethod: Zstandard');
    expect(readdirSync(destination)).toEqual([]);
  });

  it('names the method after the right password too, never blaming the password', async () => {
    const archive = fixture('zstd-method-password-secret.7z');
    expect((await sevenZip.list(archive)).encrypted).toBe(true);
    expect(await messageOf(sevenZip.readEntry(archive, 'hello.txt', { password: 'secret', maxBytes: 1 }))).toBe(
      'archive:unsupportedMethod: Zstandard',
    );
  });
});

describe('names', () => {
  it("keeps entry names that contain the worker's mount name (/host/) as they are", async () => {
    const archive = at('host-names.zip');
    writeFileSync(archive, zipSync({ 'docs/host/readme.txt': strToU8('inside'), 'host/a.txt': strToU8('a') }));
    expect((await sevenZip.list(archive)).entries.map((entry) => entry.path).sort()).toEqual(['docs/host/readme.txt', 'host/a.txt']);
    expect(Buffer.from(await sevenZip.readEntry(archive, 'docs/host/readme.txt', { maxBytes: 100 })).toString()).toBe('inside');
  });
});

describe('the main process', () => {
  it('keeps its event loop free while 7-Zip works (each run is a worker thread)', async () => {
    const archive = at('loop.bz2');
    writeFileSync(archive, Buffer.concat(Array.from({ length: 4 }, () => BZIP2_20MB_ZEROS)));
    let last = performance.now();
    let worst = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    // Extract until 7-Zip has worked for over a second, however fast the machine: 7-Zip on main's
    // thread would show as one gap of nearly a whole run (measured: 4.46 s of 4.50 s), while a
    // loaded machine's scheduler alone can pause the loop a few hundred ms.
    let runs = 0;
    try {
      while (performance.now() - started < 1000 && runs < 20) {
        const folder = newFolder('loop');
        await sevenZip.extract(archive, folder);
        rmSync(folder, { recursive: true, force: true });
        runs += 1;
      }
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(took / runs / 2);
  });
});

describe('errors', () => {
  it('reports non-archives as unsupported, damage as corrupt (a RAR included: 7-Zip 24 reads RAR)', async () => {
    const rar = at('fake.rar');
    writeFileSync(rar, Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), randomBytes(200)]));
    expect(await codeOf(sevenZip.list(rar))).toBe('corrupt');
    const text = at('plain.txt');
    writeFileSync(text, 'just text\n');
    expect(await codeOf(sevenZip.list(text))).toBe('unsupported');
    const truncated = at('truncated.7z');
    writeFileSync(truncated, readFileSync(at('round.7z')).subarray(0, 4000));
    expect(await codeOf(sevenZip.list(truncated))).toBe('corrupt');
  });

  it('reports a moved archive, a folder that is gone or is a file, a vanished source or entry as fileUnavailable with the errno alone', async () => {
    const gone = at('moved-away', 'gone.zip');
    // Started one at a time: a rejection nobody awaits yet fails the whole run as unhandled.
    for (const work of [
      () => sevenZip.list(gone),
      () => sevenZip.readEntry(gone, 'a.txt', { maxBytes: 1 }),
      () => sevenZip.extract(gone, newFolder('gone')),
    ]) {
      expect(await messageOf(work())).toBe('archive:fileUnavailable: ENOENT');
    }
    expect(await messageOf(sevenZip.list(at('src')))).toBe('archive:fileUnavailable: EISDIR');
    expect(await messageOf(sevenZip.extract(at('round.zip'), at('src', 'single.txt')))).toBe('archive:fileUnavailable: ENOTDIR');
    expect(await messageOf(sevenZip.extract(at('round.zip'), at('no-such-folder')))).toBe('archive:fileUnavailable: ENOENT');
    // The archive on disk changed since the page listed it.
    expect(await messageOf(sevenZip.extract(at('round.zip'), newFolder('changed'), { paths: ['not/in/it.txt'] }))).toBe(
      'archive:fileUnavailable: ENOENT',
    );
    expect(await messageOf(sevenZip.readEntry(at('round.zip'), 'not-in-it.txt', { maxBytes: 1 }))).toBe('archive:fileUnavailable: ENOENT');
    const zip = { format: 'zip', level: 1 } as const;
    expect(await messageOf(sevenZip.create([at('src', 'vanished.txt')], at('out', 'v.zip'), zip))).toBe('archive:fileUnavailable: ENOENT');
    expect(await messageOf(sevenZip.create([at('src', 'single.txt')], at('no-such-folder', 'x.zip'), zip))).toBe(
      'archive:fileUnavailable: ENOENT',
    );
    expect(await messageOf(sevenZip.create([at('src', 'single.txt')], at('src', 'single.txt', 'x.zip'), zip))).toBe(
      'archive:fileUnavailable: ENOTDIR',
    );
  });

  it('reports an engine that cannot be loaded as unsupported (the page falls back), not as a missing file', async () => {
    const absent = createSevenZip({ engine: { ...defaultEngine(), modulePath: at('no-such-7z-wasm') } });
    expect(await messageOf(absent.list(at('round.zip')))).toBe('archive:unsupported: 7-Zip could not start (ENOENT)');
  });
});

/**
 * A small tmpfs at `path` (mount options as given), for the full- and read-only-disk tests; only
 * root on Linux can mount one, elsewhere they are skipped (failure.test.ts covers the classifying).
 */
function mountTmpfs(path: string, options: string): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  mkdirSync(path, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('disks that are full or read-only', () => {
  let small = '';
  let readOnly = '';
  let mounted = false;
  beforeAll(async () => {
    small = at('small-disk');
    readOnly = at('read-only-disk');
    mounted = mountTmpfs(small, 'size=1m') && mountTmpfs(readOnly, 'ro,size=1m');
    if (!mounted) console.warn('[archive adapter] cannot mount a tmpfs (needs root on Linux): full-disk checks skipped');
    // 3 MB that does not compress, to fill a 1 MB disk whatever the format.
    writeFileSync(at('src', 'incompressible.bin'), randomBytes(3 * 1024 * 1024));
    for (const format of ['zip', '7z', 'tar.gz'] as const) {
      await sevenZip.create([at('src', 'incompressible.bin')], at(`incompressible.${format}`), { format, level: 1 });
    }
  });
  afterAll(() => {
    for (const path of [small, readOnly]) {
      try {
        execFileSync('umount', [path], { stdio: 'ignore' });
      } catch {
        // Not mounted.
      }
    }
  });

  it('extracting onto a full disk is diskFull (7-Zip only throws; the worker saw ENOSPC), and leaves nothing behind', async (context) => {
    if (!mounted) return context.skip();
    for (const format of ['zip', '7z', 'tar.gz']) {
      expect(await messageOf(sevenZip.extract(at(`incompressible.${format}`), small))).toBe('archive:diskFull: ENOSPC');
      expect(readdirSync(small)).toEqual([]);
    }
  });

  it('creating onto a full disk is diskFull for every format, and leaves nothing behind', async (context) => {
    if (!mounted) return context.skip();
    for (const format of ['zip', '7z', 'tar', 'tar.gz'] as const) {
      expect(await messageOf(sevenZip.create([at('src', 'incompressible.bin')], join(small, `full.${format}`), { format, level: 1 }))).toBe(
        'archive:diskFull: ENOSPC',
      );
      expect(readdirSync(small)).toEqual([]);
    }
  });

  it('extracting or creating on a read-only disk is fileUnavailable EROFS', async (context) => {
    if (!mounted) return context.skip();
    expect(await messageOf(sevenZip.extract(at('round.zip'), readOnly))).toBe('archive:fileUnavailable: EROFS');
    expect(await messageOf(sevenZip.create([at('src', 'single.txt')], join(readOnly, 'x.zip'), { format: 'zip', level: 1 }))).toBe(
      'archive:fileUnavailable: EROFS',
    );
  });
});

describe('corpus', () => {
  const corpus = process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../shared/corpus');
  const manifest = join(corpus, 'MANIFEST.tsv');
  const present = existsSync(manifest);
  if (!present) console.warn(`[archive adapter] corpus not found at ${corpus}: corpus checks skipped`);
  const READ = new Set(['zip', '7z', 'tar', 'tar.gz', 'tar.bz2', 'tar.xz', 'gz', 'bz2', 'xz', 'rar']);

  const rows = present
    ? (() => {
        const [header = '', ...lines] = readFileSync(manifest, 'utf8').trim().split('\n');
        const columns = header.split('\t');
        return lines
          .map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index], value])) as Record<string, string>)
          .filter((row) => row.category === 'archive' && READ.has(row.ext ?? ''));
      })()
    : [];

  const facts = (row: Record<string, string>) =>
    Object.fromEntries(
      (row.facts ?? '').split(';').flatMap((fact) => (fact.includes('=') ? [fact.split('=', 2) as [string, string]] : [])),
    );

  // An empty `each` is "No test found in suite" to Vitest: without the corpus, one skipped test says why.
  if (!present) it.skip(`corpus not found at ${corpus}`, () => {});
  it.runIf(present)('names the missing volume of a split RAR whose other parts are not beside it', async () => {
    const alone = newFolder('volume');
    copyFileSync(join(corpus, 'archive/rarfile/rar3-vols.part1.rar'), join(alone, 'rar3-vols.part1.rar'));
    expect(await messageOf(sevenZip.list(join(alone, 'rar3-vols.part1.rar')))).toBe('archive:missingVolume: rar3-vols.part2.rar');
    // With its volumes beside it on disk, it opens.
    expect((await sevenZip.list(join(corpus, 'archive/rarfile/rar3-vols.part1.rar'))).entries.length).toBeGreaterThan(0);
  });

  it.each(rows.map((row) => [row.path ?? '', row] as const))('%s', async (path, row) => {
    const file = join(corpus, path);
    const known = facts(row);
    const password = /password '([^']+)'/.exec(row.notes ?? '')?.[1];
    const expectedCount = Number(known.zip_entries ?? known.entries ?? known.tar_entries ?? Number.NaN);
    let listing;
    try {
      listing = await sevenZip.list(file, { password });
    } catch (error) {
      const code = archiveErrorCode(error);
      // A sample the manifest records as unreadable by its own tools may fail, but only as an ArchiveError.
      if (Number.isNaN(expectedCount)) return expect(code).toBeDefined();
      throw error;
    }
    if (!Number.isNaN(expectedCount) && !/^rar_format=\?/.test(row.facts ?? '')) expect(listing.entries.length).toBe(expectedCount);
    if (known.encrypted === 'yes' || known.encrypted === 'no') expect(listing.encrypted).toBe(known.encrypted === 'yes');
    if (password && listing.encrypted) {
      const out = newFolder('corpus');
      const result = await sevenZip.extract(file, out, { password });
      expect(result.files).toBeGreaterThan(0);
    }
  });
});

describe('sizes a listing cannot know', () => {
  it('marks the one file of a bare .bz2 stream as of unknown size instead of 0 B', async () => {
    const archive = at('unknown-size.bz2');
    writeFileSync(archive, BZIP2_20MB_ZEROS);
    const [entry] = (await sevenZip.list(archive)).entries;
    expect(entry).toMatchObject({ directory: false, size: 0, sizeUnknown: true });
  });
});
