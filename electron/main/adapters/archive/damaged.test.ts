import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import { createSevenZip } from '../archive';
import { defaultEngine, runSevenZip } from './process';

/**
 * Damaged entries, as the browser engine treats them (renderer/platform/archive/browser-open.ts):
 * an extraction leaves out the files that fail their checksum or do not decode, writes the rest and
 * names them; reading one such file alone fails with `damagedEntry`. The archives are made here and
 * damaged by flipping bytes, so these run without the corpus; the corpus adds real archives damaged
 * the same way.
 */

const sevenZip = createSevenZip();
let dir: string;
let fresh = 0;
const newFolder = () => {
  const folder = join(dir, 'out', String((fresh += 1)));
  mkdirSync(folder, { recursive: true });
  return folder;
};

/** relative path → content (as text) of every file under `root`. */
function files(root: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else result[relative(root, path).split('\\').join('/')] = readFileSync(path, 'latin1');
    }
  };
  walk(root);
  return result;
}

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'resolved';
};

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

const GOOD = { 'good.txt': 'good', 'docs/also good.txt': 'also good '.repeat(40) };
const BAD = 'bad '.repeat(500);

/** What the sound files of every sample extract to. */
const SOUND = { ...GOOD };

const samples: Record<string, () => Promise<Uint8Array> | Uint8Array> = {
  // Stored: the flipped byte is read as is, and the checksum catches it ("CRC Failed").
  'stored zip': () => {
    return storedBadFlipped(zipSync({ ...mapValues(GOOD), 'bad.txt': strToU8(BAD) }, { level: 0 }));
  },
  // The central directory declares another checksum than the data's: what the website's e2e uses.
  'zip with a wrong checksum': () => {
    const zip = zipSync({ ...mapValues(GOOD), 'bad.txt': [strToU8(BAD), { level: 6 }] });
    const view = new DataView(zip.buffer);
    for (let at = 0; at + 46 < zip.length; at++)
      if (view.getUint32(at, true) === 0x02014b50 && new TextDecoder().decode(zip.subarray(at + 46, at + 53)) === 'bad.txt')
        view.setUint32(at + 16, 1, true);
    return zip;
  },
  // Stored, not solid, so each file's bytes sit apart and only bad.txt's checksum fails.
  '7z': async () => {
    const source = join(dir, 'src7z');
    for (const [name, text] of Object.entries({ ...GOOD, 'bad.txt': BAD })) {
      mkdirSync(join(source, name, '..'), { recursive: true });
      writeFileSync(join(source, name), text);
    }
    const archive = join(dir, 'made.7z');
    const sources = ['bad.txt', 'docs', 'good.txt'].map((name) => join(source, name));
    const made = await runSevenZip(defaultEngine(), ['a', '-t7z', '-mx0', '-ms=off', '--', archive, ...sources]);
    if (made.exitCode !== 0) throw new Error(made.output);
    return storedBadFlipped(new Uint8Array(readFileSync(archive)));
  },
};

/** Flips a byte inside bad.txt's data, which a stored archive keeps as is. */
function storedBadFlipped(bytes: Uint8Array): Uint8Array {
  const at = Buffer.from(bytes).indexOf(BAD.slice(0, 40));
  if (at < 0) throw new Error('bad.txt is not stored');
  bytes[at + 100]! ^= 0xff;
  return bytes;
}

function mapValues(record: Record<string, string>): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(record).map(([name, text]) => [name, strToU8(text)]));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-damaged-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('damaged entries', () => {
  it.each(Object.keys(samples))('%s: extraction leaves the damaged file out, writes the others and names it', async (name) => {
    const archive = join(dir, `${name.replace(/\W+/g, '-')}.${name.includes('7z') ? '7z' : 'zip'}`);
    writeFileSync(archive, await samples[name]!());
    const out = newFolder();
    const result = await sevenZip.extract(archive, out);
    expect(result.damaged).toEqual(['bad.txt']);
    expect(files(out)).toEqual(SOUND);
    expect(result.files).toBe(Object.keys(SOUND).length);
    // Nothing is left behind in the destination but the sound files (no staging folder, no half file).
    expect(readdirSync(out).sort()).toEqual(['docs', 'good.txt']);

    // A selection with a damaged file in it: the same.
    const chosen = newFolder();
    expect(await sevenZip.extract(archive, chosen, { paths: ['bad.txt', 'good.txt'] })).toMatchObject({ files: 1, damaged: ['bad.txt'] });
    expect(files(chosen)).toEqual({ 'good.txt': 'good' });

    // One file on its own: the damaged one fails by name, the others read.
    expect(await codeOf(sevenZip.readEntry(archive, 'bad.txt', { maxBytes: 1 << 20 }))).toBe('archive:damagedEntry: bad.txt');
    expect(new TextDecoder().decode(await sevenZip.readEntry(archive, 'good.txt', { maxBytes: 1 << 20 }))).toBe('good');
  });

  it('a sound archive reports no damaged entry', async () => {
    const archive = join(dir, 'sound.zip');
    writeFileSync(archive, zipSync(mapValues(GOOD)));
    expect(await sevenZip.extract(archive, newFolder())).toMatchObject({ files: 2, damaged: [] });
  });

  it('a bare .gz whose stream fails its checksum: nothing extracted, its one file named; reading it fails by name', async () => {
    const gz = gzipSync(strToU8('text '.repeat(1000)), { level: 0 });
    gz[gz.length - 8]! ^= 0xff;
    const archive = join(dir, 'notes.txt.gz');
    writeFileSync(archive, gz);
    const out = newFolder();
    expect(await sevenZip.extract(archive, out)).toMatchObject({ files: 0, damaged: ['notes.txt'] });
    expect(readdirSync(out)).toEqual([]);
    expect(await codeOf(sevenZip.readEntry(archive, 'notes.txt', { maxBytes: 1 << 20 }))).toBe('archive:damagedEntry: notes.txt');
  });

  it('a solid block that does not decode fails the whole extraction as corrupt (7-Zip names no file, only "#0") and leaves nothing', async () => {
    const source = join(dir, 'solid-src');
    mkdirSync(source, { recursive: true });
    writeFileSync(join(source, 'a.txt'), 'a'.repeat(3000));
    writeFileSync(join(source, 'b.txt'), 'b'.repeat(3000));
    const archive = join(dir, 'solid.7z');
    await sevenZip.create([join(source, 'a.txt'), join(source, 'b.txt')], archive, { format: '7z', level: 5 });
    const bytes = readFileSync(archive);
    bytes[33]! ^= 0x55;
    writeFileSync(archive, bytes);
    const out = newFolder();
    expect(archiveErrorCode(await sevenZip.extract(archive, out).catch((error: unknown) => error))).toBe('corrupt');
    expect(readdirSync(out)).toEqual([]);
    // Read alone, a file either decodes whole and right (7-Zip stops before the damage) or fails by name.
    const reads = await Promise.all(
      ['a', 'b'].map((letter) =>
        sevenZip.readEntry(archive, `${letter}.txt`, { maxBytes: 1 << 20 }).then(
          (data) => (new TextDecoder().decode(data) === letter.repeat(3000) ? 'right' : 'wrong'),
          (error: unknown) => (error instanceof Error ? error.message : 'not an Error'),
        ),
      ),
    );
    expect(reads.every((read) => read === 'right' || /^archive:damagedEntry: [ab]\.txt$/.test(read))).toBe(true);
    expect(reads).toContain('archive:damagedEntry: b.txt');
  });

  it('a wrong password is still a wrong password, not damage', async () => {
    const source = join(dir, 'secret-src');
    mkdirSync(source, { recursive: true });
    writeFileSync(join(source, 'a.txt'), 'secret '.repeat(100));
    const archive = join(dir, 'secret.7z');
    await sevenZip.create([join(source, 'a.txt')], archive, { format: '7z', level: 5, password: 'right' });
    expect(archiveErrorCode(await sevenZip.extract(archive, newFolder(), { password: 'wrong' }).catch((error: unknown) => error))).toBe(
      'wrongPassword',
    );
    expect(
      archiveErrorCode(
        await sevenZip.readEntry(archive, 'a.txt', { password: 'wrong', maxBytes: 1 << 20 }).catch((error: unknown) => error),
      ),
    ).toBe('wrongPassword');
  });
});

describe('damaged entries: corpus archives with a flipped byte', () => {
  const corpus = process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../../shared/corpus');
  const manifest = join(corpus, 'MANIFEST.tsv');
  const present = existsSync(manifest);
  if (!present) {
    console.warn(`[archive damaged] corpus not found at ${corpus}: corpus checks skipped`);
    it.skip(`corpus not found at ${corpus}`, () => {});
    return;
  }
  const rows = readFileSync(manifest, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter(([path, category, , , , , ext]) => category === 'archive' && path && ['zip', '7z'].includes(ext ?? ''));
  // Samples the manifest marks as damaged already, and plain (unencrypted, single-volume) ones to damage here.
  const corrupt = rows.filter((row) => /CORRUPT/.test(row.at(-1) ?? '')).map(([path]) => path!);
  const plain = rows
    .filter(
      (row) => /encrypted=no/.test(row[19] ?? '') && !/volume|encrypt|password/i.test(row[20] ?? '') && /entries=[1-9]/.test(row[19] ?? ''),
    )
    .map(([path]) => path!);

  it.each(corrupt.length > 0 ? corrupt : ['(the manifest flags no archive as CORRUPT)'])('%s, as shipped', async (path) => {
    if (!path.startsWith('archive/')) return;
    const out = newFolder();
    const outcome = await sevenZip.extract(join(corpus, path), out).catch((error: unknown) => error);
    // Damaged: either named entries with the rest written, or the whole archive refused with a code the page translates.
    if (outcome instanceof Error) expect(archiveErrorCode(outcome)).toBeDefined();
    else expect((outcome as { damaged: string[] }).damaged.length).toBeGreaterThan(0);
  });

  it.each(plain)('%s, one byte flipped inside the first file’s data', async (path) => {
    const original = join(corpus, path);
    const sound = newFolder();
    await sevenZip.extract(original, sound);
    const expected = files(sound);
    const bytes = new Uint8Array(readFileSync(original));
    // In a 7z the packed streams start right after the 32-byte signature header.
    const at = path.endsWith('.7z') ? 32 + 1 : firstZipDataAt(bytes) + 1;
    bytes[at]! ^= 0x55;
    const damagedCopy = join(dir, `flipped-${(fresh += 1)}-${path.replace(/^.*\//, '')}`);
    writeFileSync(damagedCopy, bytes);
    const out = newFolder();
    const outcome = await sevenZip.extract(damagedCopy, out).catch((error: unknown) => error);
    if (outcome instanceof Error) {
      console.info(`[archive damaged] ${path} with a flipped byte: ${outcome.message}`);
      return expect(archiveErrorCode(outcome)).toBe('corrupt');
    }
    const { damaged } = outcome as { damaged: string[] };
    // Every file not named as damaged is written whole and right (a flip in a folder's header harms
    // no file); the damaged ones are absent.
    const written = files(out);
    for (const name of damaged) expect(written[name]).toBeUndefined();
    expect(written).toEqual(Object.fromEntries(Object.entries(expected).filter(([name]) => !damaged.includes(name))));
    for (const name of damaged)
      expect(await codeOf(sevenZip.readEntry(damagedCopy, name, { maxBytes: 64 << 20 }))).toBe(`archive:damagedEntry: ${name}`);
  });
});
