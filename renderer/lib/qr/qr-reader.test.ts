import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatOtpauthUri, makeOtpAccount, planMigrationBatches } from '@shared/otp';
import { isComponentUnavailable } from '../load-failure';
import { qrMatrix, qrPng, qrSvg } from './qr-encode';
import { QrError, qrErrorCode } from './qr-error';
import type { QrPixels } from './qr-reader';
import { readQrTexts } from './qr-reader';

// The same wasm file the site bundles (the worker fetches it from our own build).
const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
const loadWasm = () => Promise.resolve(readFileSync(wasmPath).buffer as ArrayBuffer);
const read = (input: Uint8Array | QrPixels) => readQrTexts(input, loadWasm);

// zxing-wasm fetches its wasm from a CDN unless told otherwise: any fetch here is a failure.
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new Error('no network in the QR reader')));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** RGBA pixels of a PNG made with `qrencode -t PNG32` (8-bit RGBA, so no palette to unpack). */
function rgba(png: Uint8Array): QrPixels {
  const { width, height, channels, depth, data } = decodePng(png);
  if (channels !== 4 || depth !== 8) throw new Error(`expected 8-bit RGBA, got ${channels} channels of ${depth} bits`);
  return { data: Uint8Array.from(data), width, height };
}

/** Two pictures side by side on white, as a screenshot holding two codes. */
function sideBySide(left: QrPixels, right: QrPixels): QrPixels {
  const gap = 40;
  const width = left.width + gap + right.width;
  const height = Math.max(left.height, right.height);
  const data = new Uint8Array(width * height * 4).fill(255);
  for (const [image, x0] of [
    [left, 0],
    [right, left.width + gap],
  ] as const) {
    for (let y = 0; y < image.height; y++) {
      data.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), (y * width + x0) * 4);
    }
  }
  return { data, width, height };
}

const TOTP = formatOtpauthUri(makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP', issuer: '测试 Co', account: 'alice@example.com' }));

function hasQrencode(): boolean {
  try {
    execFileSync('qrencode', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const qrencode = hasQrencode();
if (!qrencode) console.warn('qrencode not installed (apt-get install qrencode): decoding its images is skipped');

describe.skipIf(!qrencode)('decoding codes made by Debian qrencode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const make = (text: string, ...args: string[]) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.png`);
    execFileSync('qrencode', ['-o', file, ...args, text]);
    return new Uint8Array(readFileSync(file));
  };

  it('reads an otpauth link from the PNG file bytes', async () => {
    expect(await read(make(TOTP, '-s', '4'))).toEqual([TOTP]);
  });

  it('reads a whole migration link at level L, small modules', async () => {
    const accounts = Array.from({ length: 8 }, (_, n) =>
      makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBV', issuer: `S${n}`, account: `u${n}` }),
    );
    const [link] = planMigrationBatches(accounts, 42);
    expect(await read(make(link!, '-l', 'L', '-s', '3'))).toEqual([link]);
  });

  it('reads several codes in one picture, and light-on-dark codes', async () => {
    const other = 'otpauth://totp/B:bob?secret=GEZDGNBVGY3TQOJQ&issuer=B';
    const texts = await read(sideBySide(rgba(make(TOTP, '-t', 'PNG32', '-s', '5')), rgba(make(other, '-t', 'PNG32', '-s', '5'))));
    expect(texts.sort()).toEqual([TOTP, other].sort());
    const inverted = rgba(make(other, '-t', 'PNG32', '-s', '5'));
    for (let i = 0; i < inverted.data.length; i += 4) for (let c = 0; c < 3; c++) inverted.data[i + c] = 255 - inverted.data[i + c]!;
    expect(await read(inverted)).toEqual([other]);
  });
});

describe('readQrTexts', () => {
  it('gives an empty list for a picture without a QR code', async () => {
    const width = 320;
    const height = 200;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const value = ((i % width) * 7 + Math.floor(i / width) * 3) % 256;
      data.set([value, 255 - value, (value * 5) % 256, 255], i * 4);
    }
    expect(await read({ data, width, height })).toEqual([]);
    expect(await read(encodePng({ width, height, data, channels: 4 }))).toEqual([]);
  });
});

describe('qrPng and qrSvg', () => {
  it('make codes the reader reads back, the longest migration link included', async () => {
    expect(await read(qrPng(TOTP))).toEqual([TOTP]);
    const accounts = Array.from({ length: 40 }, (_, n) =>
      makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', issuer: `Service ${n}`, account: `someone${n}@example.com` }),
    );
    const links = planMigrationBatches(accounts, -7);
    const longest = links.reduce((a, b) => (b.length > a.length ? b : a));
    expect(longest.length).toBeGreaterThan(500);
    // Version 20 (97 modules a side) at level M at most: dense, but a phone reads it off a screen.
    expect(qrMatrix(longest).size).toBeLessThanOrEqual(97);
    expect(await read(qrPng(longest, { scale: 3 }))).toEqual([longest]);
  });

  it('draws the same modules as SVG', () => {
    const svg = qrSvg('hello');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 29 29"/);
    expect(svg).toContain('<path d="M4 4h1v1h-1z');
  });
});

describe('QrError', () => {
  it('keeps its code across a worker boundary (message only)', () => {
    expect(qrErrorCode(new Error(new QrError('notImage', 'x').message))).toBe('notImage');
    expect(qrErrorCode(new Error('other'))).toBeUndefined();
    expect(isComponentUnavailable(new Error(new QrError('codecUnavailable').message))).toBe(true);
  });
});
