import { gzipSync, strToU8, zipSync } from 'fflate';

/**
 * Test support (imported by tests only): archives with one damaged file, the same bytes for the
 * website's engine (renderer/platform/archive) and the desktop's (electron/main/adapters/archive),
 * whose tests must then agree on what comes out. Each wing's lint keeps it from importing the
 * other, so the samples and the expected outcome live here.
 */

/** The files that survive: path → content. */
export const SOUND_FILES: Readonly<Record<string, string>> = { 'good.txt': 'good', 'docs/also good.txt': 'also good '.repeat(40) };
export const BAD_PATH = 'bad.txt';
const BAD_TEXT = 'bad '.repeat(500);

/** Every file of a sample before it was damaged (bad.txt first, so 7-Zip packs it first too). */
export const ALL_FILES: Readonly<Record<string, string>> = { [BAD_PATH]: BAD_TEXT, ...SOUND_FILES };

/** 7-Zip's switches for the 7z sample: stored and not solid, so each file's bytes sit apart and only bad.txt's checksum fails. */
export const SEVEN_ZIP_SAMPLE_SWITCHES = ['-t7z', '-mx0', '-ms=off'];

const bytesOf = (files: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)]));

/** Flips a byte inside bad.txt's data, which a stored archive keeps as is. */
export function damageStored(archive: Uint8Array): Uint8Array {
  const marker = strToU8(BAD_TEXT.slice(0, 40));
  const at = archive.findIndex((_, index) => marker.every((byte, offset) => archive[index + offset] === byte));
  if (at < 0) throw new Error(`${BAD_PATH} is not stored in this archive`);
  const damaged = archive.slice();
  damaged[at + 100]! ^= 0xff;
  return damaged;
}

export interface DamagedSample {
  fileName: string;
  bytes: Uint8Array;
  /** What an extraction names as left out. */
  damaged: string[];
  /** What it writes. */
  written: Readonly<Record<string, string>>;
}

/** The samples that need no 7-Zip to make (the 7z one is `damageStored` over 7-Zip's output with the switches above). */
export function damagedSamples(): DamagedSample[] {
  const expected = { damaged: [BAD_PATH], written: SOUND_FILES };
  // The central directory declares another checksum than bad.txt's deflated data has.
  const wrongChecksum = zipSync({ ...bytesOf(SOUND_FILES), [BAD_PATH]: [strToU8(BAD_TEXT), { level: 6 }] });
  const view = new DataView(wrongChecksum.buffer);
  for (let at = 0; at + 46 < wrongChecksum.length; at++)
    if (view.getUint32(at, true) === 0x02014b50 && new TextDecoder().decode(wrongChecksum.subarray(at + 46, at + 53)) === BAD_PATH)
      view.setUint32(at + 16, 1, true);
  // A bare gzip stream whose one file fails its checksum: nothing is written.
  const gzip = gzipSync(strToU8('text '.repeat(1000)), { level: 0 });
  gzip[gzip.length - 8]! ^= 0xff;
  return [
    { fileName: 'stored.zip', bytes: damageStored(zipSync(bytesOf(ALL_FILES), { level: 0 })), ...expected },
    { fileName: 'wrong-checksum.zip', bytes: wrongChecksum, ...expected },
    { fileName: 'notes.txt.gz', bytes: gzip, damaged: ['notes.txt'], written: {} },
  ];
}
