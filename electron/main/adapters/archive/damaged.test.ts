import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import {
  ALL_FILES,
  BAD_PATH,
  damagedSamples,
  damageStored,
  SEVEN_ZIP_SAMPLE_SWITCHES,
  SOUND_FILES,
} from '@shared/testing/damaged-archives';
import type { DamagedSample } from '@shared/testing/damaged-archives';
import { createSevenZip } from '../archive';
import { defaultEngine, runSevenZip } from './process';

/**
 * Damaged entries, as the browser engine treats them (renderer/platform/archive/browser-open.ts):
 * an extraction leaves out the files that fail their checksum or do not decode, writes the rest and
 * names them; reading one such file alone fails with `damagedEntry`. The samples are made by the
 * tests (shared/testing/damaged-archives.ts, which the website engine's tests read too) and damaged
 * by flipping bytes, so these run without the corpus; the corpus adds real archives damaged the same way.
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

/** The shared samples (the website's engine is tested on the same bytes), and a 7z made by this 7-Zip. */
async function samples(): Promise<DamagedSample[]> {
  const source = join(dir, 'src7z');
  for (const [name, text] of Object.entries(ALL_FILES)) {
    mkdirSync(join(source, name, '..'), { recursive: true });
    writeFileSync(join(source, name), text);
  }
  const archive = join(dir, 'made.7z');
  const tops = [...new Set(Object.keys(ALL_FILES).map((name) => name.split('/')[0]!))].map((name) => join(source, name));
  const made = await runSevenZip(defaultEngine(), ['a', ...SEVEN_ZIP_SAMPLE_SWITCHES, '--', archive, ...tops]);
  if (made.exitCode !== 0) throw new Error(made.output);
  const sevenZ = {
    fileName: 'stored.7z',
    bytes: damageStored(new Uint8Array(readFileSync(archive))),
    damaged: [BAD_PATH],
    written: SOUND_FILES,
  };
  return [...damagedSamples(), sevenZ];
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-damaged-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('damaged entries', () => {
  it('leaves the damaged file out of an extraction, writes the others and names it; reading it alone fails by name', async () => {
    for (const sample of await samples()) {
      const archive = join(dir, sample.fileName);
      writeFileSync(archive, sample.bytes);
      const out = newFolder();
      const result = await sevenZip.extract(archive, out);
      expect({ sample: sample.fileName, damaged: result.damaged, written: files(out) }).toEqual({
        sample: sample.fileName,
        damaged: sample.damaged,
        written: sample.written,
      });
      expect(result.files).toBe(Object.keys(sample.written).length);
      // Nothing else is left in the destination: no staging folder, no half-written file.
      expect(readdirSync(out).sort()).toEqual([...new Set(Object.keys(sample.written).map((name) => name.split('/')[0]))].sort());
      for (const name of sample.damaged)
        expect(await codeOf(sevenZip.readEntry(archive, name, { maxBytes: 1 << 20 }))).toBe(`archive:damagedEntry: ${name}`);
      for (const [name, text] of Object.entries(sample.written))
        expect(new TextDecoder().decode(await sevenZip.readEntry(archive, name, { maxBytes: 1 << 20 }))).toBe(text);
      if (sample.damaged.includes(BAD_PATH)) {
        // A selection with the damaged file in it: the same.
        const chosen = newFolder();
        expect(await sevenZip.extract(archive, chosen, { paths: [BAD_PATH, 'good.txt'] })).toMatchObject({ files: 1, damaged: [BAD_PATH] });
        expect(files(chosen)).toEqual({ 'good.txt': 'good' });
      }
    }
    // Some forty 7-Zip runs in a row: 8 s on a quiet machine, past 30 s with both cores busy.
  }, 120_000);

  it('a sound archive reports no damaged entry', async () => {
    const archive = join(dir, 'sound.zip');
    writeFileSync(archive, zipSync(Object.fromEntries(Object.entries(SOUND_FILES).map(([name, text]) => [name, strToU8(text)]))));
    expect(await sevenZip.extract(archive, newFolder())).toMatchObject({ files: 2, damaged: [] });
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

  it('names every damaged file however many there are (7-Zip lists them in its error output, kept whole)', async () => {
    // ~140 bytes of "ERROR: CRC Failed : <name>" per file: 1100 of them are more than a 64–128 KB tail.
    const many = Object.fromEntries(Array.from({ length: 1100 }, (_, index) => [`${'x'.repeat(110)}-${index}.txt`, strToU8(`${index}`)]));
    const zip = zipSync(many, { level: 0 });
    const view = new DataView(zip.buffer);
    // Each stored file's first byte flipped, so each fails its checksum.
    for (let at = 0; at + 30 < zip.length; at++)
      if (view.getUint32(at, true) === 0x04034b50) zip[at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)]! ^= 0xff;
    const archive = join(dir, 'many-damaged.zip');
    writeFileSync(archive, zip);
    const out = newFolder();
    const result = await sevenZip.extract(archive, out);
    expect({ files: result.files, damaged: [...result.damaged].sort() }).toEqual({ files: 0, damaged: Object.keys(many).sort() });
    expect(readdirSync(out)).toEqual([]);
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
