import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { HeifDecodeError, decodeHeif, initLibHeif } from './heif';
import type { LibHeif, LibHeifFactory } from './heif';
import { sniffFormat } from './sniff';

// sharp's prebuilt libvips writes HEIF only with AV1 under the 'avif' brand, so real HEVC photos come from the corpus.
const CORPUS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'image/file-type');
const STILL = join(CORPUS, 'fixture-mif1.heic');
const SEQUENCE = join(CORPUS, 'fixture-msf1.heic');
const hasCorpus = existsSync(STILL) && existsSync(SEQUENCE);

const require = createRequire(import.meta.url);
let lib: LibHeif;

beforeAll(async () => {
  const factory: LibHeifFactory = require('libheif-js/libheif-wasm/libheif.js');
  lib = await initLibHeif(factory, readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')));
});

describe('decodeHeif', () => {
  it('reports a file libheif cannot parse as a decode error', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff8000' } })
      .heif({ compression: 'av1' })
      .toBuffer();
    expect(sniffFormat(avif)).toBe('avif');
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('not a heif file at all')]) {
      await expect(decodeHeif(lib, bytes, 16_384)).rejects.toMatchObject({ reason: 'decode' });
    }
  });

  it.skipIf(!hasCorpus)('decodes an HEVC still (iPhone-style HEIC) to RGBA of its size', async () => {
    const bytes = new Uint8Array(readFileSync(STILL));
    expect(sniffFormat(bytes)).toBe('heic');
    const { width, height, data } = await decodeHeif(lib, bytes, 16_384);
    expect([width, height, data.length]).toEqual([1440, 960, 1440 * 960 * 4]);
    let opaque = true;
    const colours = new Set<number>();
    for (let at = 0; at < data.length; at += 4 * 997) {
      opaque &&= data[at + 3] === 255;
      colours.add((data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!);
    }
    // A real photo: opaque and many distinct colours, not a blank or single-colour buffer.
    expect(opaque).toBe(true);
    expect(colours.size).toBeGreaterThan(200);
  });

  it.skipIf(!hasCorpus)('reports a sequence-only file (a track, no still item) as a decode error', async () => {
    // libheif reads HEIF items only; msf1 files carry their frames as a video track.
    await expect(decodeHeif(lib, new Uint8Array(readFileSync(SEQUENCE)), 16_384)).rejects.toMatchObject({ reason: 'decode' });
  });

  it.skipIf(!hasCorpus)('refuses an image above the side limit before decoding its pixels', async () => {
    const failure = decodeHeif(lib, new Uint8Array(readFileSync(STILL)), 1000);
    await expect(failure).rejects.toBeInstanceOf(HeifDecodeError);
    await expect(failure).rejects.toMatchObject({ reason: 'tooLarge' });
  });

  it('notes when the corpus is absent', () => {
    if (!hasCorpus) console.warn(`[heif] corpus not found at ${CORPUS}: HEVC decoding not exercised`);
    expect(true).toBe(true);
  });
});
