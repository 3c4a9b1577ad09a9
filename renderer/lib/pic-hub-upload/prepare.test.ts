import { PIC_HUB_FILE_MAX_BYTES } from '@shared/contracts/pic-hub-base';
import type { GithubHubConfig } from '@shared/contracts/pic-hub-base';
import { describe, expect, it } from 'vitest';
import { fakeImaging, JPEG, picture, PNG } from './fakes.test-helper';
import {
  checkSize,
  compressionOf,
  DEFAULT_COMPRESSION,
  formatCreateTime,
  hubFileRecord,
  pictureJob,
  planPaths,
  preparePicture,
  sha256Hex,
  sniffPicture,
  watermarkOf,
} from './prepare';
import type { PictureImaging } from './prepare';

const svg = new TextEncoder().encode('<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');

describe('what counts as a picture', () => {
  it('knows pictures by their first bytes, SVG included; text, PDF and Photoshop files are not', () => {
    expect(sniffPicture(PNG)).toBe('png');
    expect(sniffPicture(JPEG)).toBe('jpeg');
    expect(sniffPicture(svg)).toBe('svg');
    expect(sniffPicture(new TextEncoder().encode('hello, world'))).toBeUndefined();
    expect(sniffPicture(new TextEncoder().encode('%PDF-1.7'))).toBeUndefined();
    expect(sniffPicture(new Uint8Array([0x38, 0x42, 0x50, 0x53, 0, 1]))).toBeUndefined();
  });

  it('refuses an empty file and one over the cap before reading', () => {
    expect(() => checkSize({ size: 0 })).toThrow(expect.objectContaining({ kind: 'empty' }));
    expect(() => checkSize({ size: 50 * 1024 * 1024 })).toThrow(expect.objectContaining({ kind: 'tooLarge' }));
    expect(() => checkSize({ size: PIC_HUB_FILE_MAX_BYTES })).not.toThrow();
  });
});

describe('presets as image jobs', () => {
  it('a compress preset’s settings, field by field, the compress tool’s defaults for what does not parse', () => {
    expect(compressionOf(undefined)).toEqual(DEFAULT_COMPRESSION);
    expect(compressionOf({ id: 'p', name: 'wx', settings: { format: 'webp', quality: 60, maxWidth: 1080, targetKB: 'x' } })).toEqual({
      ...DEFAULT_COMPRESSION,
      format: 'webp',
      quality: 60,
      maxWidth: 1080,
    });
  });

  it('a text watermark preset becomes an overlay; a logo preset (no logo bytes kept) or empty text none', () => {
    const settings = { mode: 'text', text: '© me\nline', font: 'serif', color: '#ff0000', tiled: true, size: 0.05 };
    expect(watermarkOf({ id: 'w', name: 'w', settings })).toMatchObject({
      kind: 'text',
      text: '© me line',
      font: 'serif',
      position: 'tile',
      color: '#ff0000',
    });
    expect(watermarkOf({ id: 'w', name: 'w', settings: { ...settings, mode: 'logo' } })).toBeUndefined();
    expect(watermarkOf({ id: 'w', name: 'w', settings: { ...settings, text: '  ' } })).toBeUndefined();
  });

  it('the job resizes, draws the watermark and encodes as the preset says; "keep" keeps JPEG and PNG', () => {
    const overlay = watermarkOf({ id: 'w', name: 'w', settings: { mode: 'text', text: 'x' } });
    const job = pictureJob('jpeg', { ...DEFAULT_COMPRESSION, maxWidth: 800, targetKB: 100 }, overlay);
    expect(job.ops?.map((op) => op.kind)).toEqual(['resize', 'text']);
    expect(job.output).toMatchObject({ format: 'jpeg', quality: 75, targetBytes: 100 * 1024 });
    expect(pictureJob('png', DEFAULT_COMPRESSION, undefined).output).toMatchObject({ format: 'png', targetBytes: undefined });
    // A watermark without compression: the picture's own format at a high quality.
    expect(pictureJob('bmp', undefined, overlay).output).toMatchObject({ format: 'png', quality: 90 });
  });
});

describe('preparePicture', () => {
  it('compresses through the image capability and keeps the smaller result, named by its new format', async () => {
    const { image, jobs } = fakeImaging();
    const prepared = await preparePicture(picture('photo.png'), image, { compression: { ...DEFAULT_COMPRESSION, format: 'webp' } });
    expect(jobs).toHaveLength(1);
    expect(prepared).toMatchObject({ mediaType: 'image/webp', ext: 'webp', originalName: 'photo.png', originalSize: PNG.length });
    expect(prepared.bytes.byteLength).toBeLessThan(PNG.length);
    expect(prepared.contentHash).toBe(await sha256Hex(prepared.bytes));
  });

  it('keeps the original when compression does not make it smaller, unless a watermark was drawn', async () => {
    const image: PictureImaging = {
      process: () => Promise.resolve({ bytes: new Uint8Array(9999), mime: 'image/png', format: 'png', width: 1, height: 1, quality: 75 }),
    };
    const kept = await preparePicture(picture('a.png'), image, { compression: DEFAULT_COMPRESSION });
    expect(kept).toMatchObject({ mediaType: 'image/png', ext: 'png' });
    expect(kept.bytes).toEqual(PNG);
    const overlay = watermarkOf({ id: 'w', name: 'w', settings: { mode: 'text', text: 'x' } });
    const marked = await preparePicture(picture('a.png'), image, { compression: DEFAULT_COMPRESSION, watermark: overlay });
    expect(marked.bytes.byteLength).toBe(9999);
  });

  it('uploads SVG and GIF as they are, and without compression the bytes picked', async () => {
    const { image, jobs } = fakeImaging();
    const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 2, 3]);
    expect(await preparePicture(picture('anim.gif', gif, 'image/gif'), image, { compression: DEFAULT_COMPRESSION })).toMatchObject({
      ext: 'gif',
      mediaType: 'image/gif',
    });
    expect(await preparePicture(picture('d.svg', svg, 'image/svg+xml'), image, { compression: DEFAULT_COMPRESSION })).toMatchObject({
      ext: 'svg',
      mediaType: 'image/svg+xml',
    });
    expect((await preparePicture(picture('p.jpg', JPEG), image)).bytes).toEqual(JPEG);
    expect(jobs).toEqual([]);
  });

  it('makes the gallery’s thumbnail through the image capability (an SVG is its own); a failed one is no failure', async () => {
    const { image, thumbnailJobs } = fakeImaging();
    expect((await preparePicture(picture('a.png'), image)).thumbnail?.type).toBe('image/webp');
    expect(thumbnailJobs).toHaveLength(1);
    expect((await preparePicture(picture('d.svg', svg, 'image/svg+xml'), image)).thumbnail?.type).toBe('image/svg+xml');
    const failing: PictureImaging = { process: () => Promise.reject(new Error('no codec')) };
    const prepared = await preparePicture(picture('a.png'), failing);
    expect(prepared.thumbnail).toBeUndefined();
    expect(prepared.bytes).toEqual(PNG);
  });

  it('refuses a non-picture whatever its name says, and names a failed encode', async () => {
    const image: PictureImaging = { process: () => Promise.reject(new Error('decode failed')) };
    await expect(preparePicture(picture('fake.png', new TextEncoder().encode('not a picture')), image)).rejects.toMatchObject({
      kind: 'notImage',
    });
    await expect(preparePicture(picture('empty.png', new Uint8Array()), image)).rejects.toMatchObject({ kind: 'empty' });
    await expect(preparePicture(picture('bad.png'), image, { compression: DEFAULT_COMPRESSION })).rejects.toMatchObject({
      kind: 'compressFailed',
    });
  });
});

describe('names, paths and records', () => {
  const hub: GithubHubConfig = { id: 'hub1', owner: 'octo', repo: 'pics', branch: 'main', path: 'img', token: 'ghp_secret', updateTime: 1 };
  const prepared = {
    bytes: new Uint8Array(PNG),
    mediaType: 'image/png',
    ext: 'png',
    contentHash: 'ab'.repeat(32),
    originalName: 'cat.png',
    originalSize: 300,
  };

  it('a batch’s names follow the rename mode under the hub folder, unique within the batch', () => {
    const now = new Date(2026, 10, 27, 9, 5, 7).getTime();
    expect(planPaths([prepared, prepared], { renameType: 'HASH', hubPath: 'img', now })).toEqual([
      { name: 'abababababababab.png', path: 'img/abababababababab.png' },
      { name: 'abababababababab-2.png', path: 'img/abababababababab-2.png' },
    ]);
    expect(planPaths([prepared], { renameType: 'CUST', pattern: '{y}/{m}/{name}', hubPath: '', now })).toEqual([
      { name: 'cat.png', path: '2026/11/cat.png' },
    ]);
  });

  it('a record carries the hub’s settings without the token, and the spec’s time format', () => {
    const now = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(formatCreateTime(now)).toBe('2026-01-02 03:04:05');
    const record = hubFileRecord(prepared, { gid: 'f1', name: 'x.png', path: 'img/x.png', sha: 'sha1' }, hub, 'LOCAL', now);
    expect(record).toMatchObject({
      gid: 'f1',
      hubId: 'hub1',
      type: 'GITHUB',
      size: PNG.length,
      originalSize: 300,
      sha: 'sha1',
      storage: 'LOCAL',
      createTime: '2026-01-02 03:04:05',
    });
    expect(record.config).not.toContain('ghp_secret');
    expect(JSON.parse(record.config)).toEqual({ owner: 'octo', repo: 'pics', branch: 'main', path: 'img' });
  });
});
