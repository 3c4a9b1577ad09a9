import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageErrorCode, imageJobSchema } from '@shared/contracts/image';
import type { ImageJobInput, ImageOpInput } from '@shared/contracts/image';
import { processImage } from './image';

let dir: string;
const path = (name: string) => join(dir, name);
const W = 800;
const H = 600;

/** Brightest red channel value inside a rectangle of the decoded output (RGB, 8 bit). */
async function pixelsOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
  const max = (x0: number, y0: number, x1: number, y1: number) => {
    let found = 0;
    for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) found = Math.max(found, at(x, y));
    return found;
  };
  return { info, at, max };
}

const run = (ops: ImageOpInput[], format: 'png' | 'jpeg' = 'png', file = 'black.png') =>
  processImage(path(file), imageJobSchema.parse({ ops, output: { format } } satisfies ImageJobInput));
let logo: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-overlay-'));
  writeFileSync(
    path('black.png'),
    await sharp({ create: { width: W, height: H, channels: 3, background: '#000000' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(
    path('grey.jpg'),
    await sharp({ create: { width: W, height: H, channels: 3, background: '#000000' } })
      .greyscale()
      .jpeg()
      .toBuffer(),
  );
  logo = new Uint8Array(
    await sharp({ create: { width: 100, height: 100, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sharp overlays', () => {
  it('draws white text bottom-right, inside the margin, and nothing elsewhere', async () => {
    const result = await run([
      { kind: 'text', text: '百宝箱 Baibao', size: 0.05, color: '#ffffff', opacity: 1, position: 'bottom-right', margin: 0.05 },
    ]);
    expect([result.width, result.height]).toEqual([W, H]);
    const px = await pixelsOf(result.bytes);
    // Margin 0.05 × 800 = 40 px from the right and bottom edges; 40 px text.
    expect(px.max(W / 2, H - 100, W - 40, H - 40)).toBeGreaterThan(200);
    expect(px.max(W - 38, 0, W, H)).toBe(0);
    expect(px.max(0, H - 38, W, H)).toBe(0);
    expect(px.max(0, 0, W, H / 2)).toBe(0);
    expect(px.max(0, 0, W / 4, H)).toBe(0);
  });

  it('renders Chinese as glyphs: the text is as wide as its characters, not empty boxes', async () => {
    const chinese = await pixelsOf(
      (await run([{ kind: 'text', text: '水印水印水印', size: 0.05, opacity: 1, position: 'top-left', margin: 0 }])).bytes,
    );
    let right = 0;
    for (let x = 0; x < W; x += 1) if (chinese.max(x, 0, x + 1, 60) > 0) right = x;
    // Six CJK glyphs of 40 px are about 240 px wide.
    expect(right).toBeGreaterThan(200);
    expect(right).toBeLessThan(280);
  });

  it('opacity 0.5 gives a mid grey on black', async () => {
    const px = await pixelsOf((await run([{ kind: 'logo', bytes: logo, scale: 0.25, opacity: 0.5, position: 'center' }])).bytes);
    expect(px.at(W / 2, H / 2)).toBeGreaterThanOrEqual(120);
    expect(px.at(W / 2, H / 2)).toBeLessThanOrEqual(135);
    expect(px.at(10, 10)).toBe(0);
  });

  it('tiles a logo over all four quadrants, with bare gaps between', async () => {
    const result = await run(
      [{ kind: 'logo', bytes: logo, scale: 0.05, opacity: 1, angle: 30, position: 'tile', gap: 0.1 }],
      'jpeg',
      'grey.jpg',
    );
    const px = await pixelsOf(result.bytes);
    for (const [x, y] of [
      [0, 0],
      [W / 2, 0],
      [0, H / 2],
      [W / 2, H / 2],
    ] as const)
      expect(px.max(x, y, x + W / 2, y + H / 2), `${x},${y}`).toBeGreaterThan(200);
    let lit = 0;
    for (let y = 0; y < H; y += 4) for (let x = 0; x < W; x += 4) if (px.at(x, y) > 128) lit += 1;
    const share = lit / ((W / 4) * (H / 4));
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.5);
  });

  it('turns the mark: a 90° text stands upright against the left edge', async () => {
    const px = await pixelsOf(
      (await run([{ kind: 'text', text: 'WATERMARK', size: 0.05, opacity: 1, angle: 90, position: 'left', margin: 0 }])).bytes,
    );
    expect(px.max(0, H / 2 - 20, 60, H / 2 + 20)).toBeGreaterThan(200);
    expect(px.max(80, 0, W, H)).toBe(0);
  });

  it('runs after a resize with sizes taken from the resized image', async () => {
    const result = await run([
      { kind: 'resize', width: 400 },
      { kind: 'text', text: 'X', size: 0.1, opacity: 1, position: 'top-left', margin: 0.1 },
    ]);
    const px = await pixelsOf(result.bytes);
    expect([result.width, result.height]).toEqual([400, 300]);
    expect(px.max(40, 40, 80, 80)).toBeGreaterThan(200);
    expect(px.max(0, 0, 38, 300)).toBe(0);
  });

  it('draws a text too wide for one Cairo surface (30 % of a 6000 px photo, 70 characters), as the canvas engine does', async () => {
    writeFileSync(
      path('wide.png'),
      await sharp({ create: { width: 6000, height: 2400, channels: 3, background: '#000000' } })
        .png()
        .toBuffer(),
    );
    const text = 'Baibao watermark '.repeat(5).slice(0, 70);
    const result = await run([{ kind: 'text', text, size: 0.3, opacity: 1, position: 'center', margin: 0 }], 'png', 'wide.png');
    expect([result.width, result.height]).toEqual([6000, 2400]);
    const px = await pixelsOf(result.bytes);
    // 1800 px glyphs cross the whole centre band; far above and below it stays black.
    expect(px.max(0, 1000, 6000, 1400)).toBeGreaterThan(200);
    expect(px.max(0, 0, 6000, 100)).toBe(0);
  });

  it('a logo that is not an image is a decode error', async () => {
    const error = await run([{ kind: 'logo', bytes: Uint8Array.of(1, 2, 3), position: 'center' }]).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('decode');
  });
});
