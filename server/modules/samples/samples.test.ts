import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_API, SAMPLE_MAX_BYTES } from '@shared/contracts/samples-base';
import type { SampleCatalogue, SampleCategory, SampleFile } from '@shared/contracts/samples-base';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { createLocalStorage } from '../../storage/local-storage';
import { sweepOrphanSamples } from './samples.module';

let kit: AccountsServer;
let admin: string;
let user: string;
let categoryCount = 0;

beforeAll(async () => {
  kit = await startAccountsServer();
  admin = (await kit.adminLogin()).accessToken;
  user = (await kit.register('sampler', 'sampler@example.com', 'sampler-password')).accessToken;
});

afterAll(async () => {
  await kit.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const keysOf = (body: { ext?: { messages?: unknown[] } }) => ((body.ext?.messages ?? []) as ServerMessage[]).map((message) => message.key);
const png = (seed = 0) =>
  sharp({ create: { width: 24, height: 12, channels: 3, background: { r: seed % 256, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const stored = async () => (await readdir(join(kit.dataDir, 'samples')).catch(() => [])).sort();
const catalogue = async () => (await kit.call<SampleCatalogue>('GET', SAMPLES_API)).body.data;

function form(fields: Record<string, string | number>, file?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}

async function newCategory(): Promise<SampleCategory> {
  categoryCount += 1;
  const res = await kit.call<SampleCategory>('POST', `${SAMPLES_API}/categories`, {
    json: { nameCn: `分类${categoryCount}`, nameEn: `Category ${categoryCount}` },
    token: admin,
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const upload = (categoryId: number, file: { bytes: Uint8Array; name: string; type?: string }, token = admin, fields = {}) =>
  kit.call<SampleFile>('POST', SAMPLES_API, { form: form({ categoryId, ...fields }, file), token });

async function download(id: number, headers: Record<string, string> = {}) {
  const res = await fetch(`${kit.server.baseUrl}${SAMPLES_API}/${id}/file`, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('the seeded catalogue', () => {
  it('is made on the first read: the nine families, every file downloading with the hashes shown', async () => {
    const first = await catalogue();
    expect(first.categories.map((category) => category.nameEn)).toEqual(
      expect.arrayContaining(['Images', 'Audio', 'Video', 'Documents', 'Archives', 'E-books', 'Fonts', 'Code', 'Data']),
    );
    const byName = new Map(first.categories.flatMap((category) => category.samples.map((sample) => [sample.name, sample] as const)));
    for (const name of [
      'sample.png',
      'sample.wav',
      'sample.pdf',
      'sample.docx',
      'sample.xlsx',
      'sample.zip',
      'sample.epub',
      'sample.csv',
      'sample.js',
    ])
      expect(byName.has(name), name).toBe(true);
    expect(byName.get('sample.docx')!.format).toBe('Word');
    // Fonts too, written by font-bytes.ts (video depends on ffmpeg being installed).
    const fonts = first.categories.find((category) => category.nameEn === 'Fonts')!.samples;
    expect(fonts.map((sample) => [sample.name, sample.format, sample.mime])).toEqual([
      ['sample.ttf', 'TrueType', 'font/ttf'],
      ['sample.woff', 'WOFF', 'font/woff'],
    ]);
    expect(byName.get('sample.png')!.mime).toBe('image/png');
    for (const sample of byName.values()) {
      const { res, bytes } = await download(sample.id);
      expect(res.status, sample.name).toBe(200);
      expect(sha256(bytes), sample.name).toBe(sample.sha256);
      expect(md5(bytes), sample.name).toBe(sample.md5);
      expect(bytes.length).toBe(sample.size);
      expect(res.headers.get('content-type')).toBe(sample.mime);
    }
    // Read again (another call, the seed already claimed): the same catalogue, not a second copy.
    expect((await catalogue()).categories.length).toBe(first.categories.length);
  }, 120_000);
});

describe('who may do what', () => {
  it('anyone reads and downloads; only the admin writes (anonymous 401, a user 403)', async () => {
    const category = await newCategory();
    const sample = (await upload(category.id, { bytes: await png(1), name: 'matrix.png' })).body.data;
    const calls: [string, string, () => { json?: unknown; form?: FormData }][] = [
      ['POST', SAMPLES_API, () => ({ form: form({ categoryId: category.id }, { bytes: Buffer.from('a,b\n1,2\n'), name: 'x.csv' }) })],
      ['PUT', `${SAMPLES_API}/${sample.id}`, () => ({ json: { descriptionEn: 'changed' } })],
      ['PUT', `${SAMPLES_API}/order`, () => ({ json: { samples: [sample.id] } })],
      ['POST', `${SAMPLES_API}/categories`, () => ({ json: { nameCn: '新', nameEn: 'New' } })],
      ['PUT', `${SAMPLES_API}/categories/${category.id}`, () => ({ json: { nameCn: '改', nameEn: 'Renamed' } })],
    ];
    for (const [method, path, body] of calls) {
      expect((await kit.call(method, path, body())).status, `${method} ${path} anonymous`).toBe(401);
      expect((await kit.call(method, path, { ...body(), token: user })).status, `${method} ${path} user`).toBe(403);
      expect((await kit.call(method, path, { ...body(), token: admin })).status, `${method} ${path} admin`).toBe(200);
    }
    for (const path of [`${SAMPLES_API}/${sample.id}`]) {
      expect((await kit.call('DELETE', path)).status).toBe(401);
      expect((await kit.call('DELETE', path, { token: user })).status).toBe(403);
    }
    expect((await kit.call('GET', SAMPLES_API)).status).toBe(200);
    expect((await kit.call('GET', SAMPLES_API, { token: user })).status).toBe(200);
    expect((await download(sample.id)).res.status).toBe(200);
    expect((await kit.call('DELETE', `${SAMPLES_API}/${sample.id}`, { token: admin })).status).toBe(200);
    expect((await download(sample.id)).res.status).toBe(404);
  });
});

describe('uploads', () => {
  it('stores the file with its hashes, serves it as an attachment under its UTF-8 name, and in ranges', async () => {
    const category = await newCategory();
    const bytes = await png(2);
    const res = await upload(category.id, { bytes, name: '示例 图片.png', type: 'image/png' }, admin, {
      descriptionCn: '中文说明',
      descriptionEn: 'English note',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '示例 图片.png',
      format: 'PNG',
      mime: 'image/png',
      size: bytes.length,
      sha256: sha256(bytes),
      md5: md5(bytes),
      descriptionCn: '中文说明',
      descriptionEn: 'English note',
    });
    const { res: file, bytes: served } = await download(res.body.data.id);
    expect(sha256(served)).toBe(sha256(bytes));
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="__ __.png"; filename*=UTF-8''${encodeURIComponent('示例 图片.png')}`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const part = await download(res.body.data.id, { Range: 'bytes=0-7' });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect([...part.bytes]).toEqual([...bytes.subarray(0, 8)]);
  });

  it('refuses, with a translated reason and nothing stored, a file whose content is not what its name says', async () => {
    const category = await newCategory();
    const before = await stored();
    const cases: [{ bytes: Uint8Array; name: string }, string, number][] = [
      [{ bytes: await png(3), name: 'report.pdf' }, 'samples.contentMismatch', 400],
      [{ bytes: Buffer.from('just some words\n'), name: 'picture.png' }, 'samples.contentMismatch', 400],
      [{ bytes: await png(4), name: 'noextension' }, 'samples.extensionMissing', 400],
      [{ bytes: Buffer.from([0, 1, 2, 3, 250, 251, 252, 253, 0, 7, 9, 1, 0, 0, 3]), name: 'blob.bin' }, 'samples.unknownContent', 400],
      [{ bytes: new Uint8Array(0), name: 'empty.txt' }, 'samples.emptyFile', 400],
    ];
    for (const [file, key, status] of cases) {
      const res = await upload(category.id, file);
      expect(res.status, file.name).toBe(status);
      expect(keysOf(res.body), file.name).toEqual([key]);
    }
    const mismatch = await upload(category.id, { bytes: await png(3), name: 'report.pdf' });
    expect(mismatch.body.msg).toContain('report.png');
    expect((await kit.call('POST', SAMPLES_API, { form: form({ categoryId: category.id }), token: admin })).body.ext?.messages).toEqual([
      { key: 'samples.fileMissing', field: 'file' },
    ]);
    expect(await stored()).toEqual(before);
    expect((await catalogue()).categories.find((row) => row.id === category.id)!.samples).toEqual([]);
  });

  it('refuses an oversized upload while it streams in (413) and a bad name or description', async () => {
    const category = await newCategory();
    const before = await stored();
    const big = await upload(category.id, { bytes: new Uint8Array(SAMPLE_MAX_BYTES + 1), name: 'big.txt' });
    expect(big.status).toBe(413);
    expect(keysOf(big.body)).toEqual(['samples.fileTooLarge']);
    const text = { bytes: Buffer.from('hello\n'), name: 'hello.txt' };
    expect(keysOf((await upload(category.id, text, admin, { name: '../evil.txt' })).body)).toEqual(['samples.field.name']);
    expect(keysOf((await upload(category.id, text, admin, { descriptionEn: 'x'.repeat(501) })).body)).toEqual([
      'samples.field.description',
    ]);
    expect(keysOf((await upload(999_999, text)).body)).toEqual(['samples.categoryNotFound']);
    expect(await stored()).toEqual(before);
  });

  it('serves an uploaded HTML or SVG inert: an attachment under a sandbox policy', async () => {
    const category = await newCategory();
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n');
    const res = await upload(category.id, { bytes: html, name: 'page.html' });
    expect(res.status).toBe(200);
    const { res: file } = await download(res.body.data.id);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});

describe('editing', () => {
  it('replaces a file (new hashes, the old object gone), renames against the content, moves and describes', async () => {
    const first = await newCategory();
    const second = await newCategory();
    const old = (await upload(first.id, { bytes: await png(5), name: 'old.png' })).body.data;
    const newBytes = await sharp(await png(6))
      .jpeg()
      .toBuffer();
    const replaced = await kit.call<SampleFile>('PUT', `${SAMPLES_API}/${old.id}`, {
      form: form({ categoryId: second.id, descriptionEn: 'now a JPEG' }, { bytes: newBytes, name: 'new.jpg' }),
      token: admin,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      name: 'new.jpg',
      format: 'JPEG',
      sha256: sha256(newBytes),
      categoryId: second.id,
      descriptionEn: 'now a JPEG',
    });
    expect(await stored()).not.toContain(old.sha256);
    expect(await stored()).toContain(sha256(newBytes));
    const badRename = await kit.call('PUT', `${SAMPLES_API}/${old.id}`, { json: { name: 'new.png' }, token: admin });
    expect(keysOf(badRename.body)).toEqual(['samples.contentMismatch']);
    const rename = await kit.call<SampleFile>('PUT', `${SAMPLES_API}/${old.id}`, {
      json: { name: 'photo.jpeg', descriptionCn: '照片' },
      token: admin,
    });
    expect(rename.body.data).toMatchObject({ name: 'photo.jpeg', descriptionCn: '照片', descriptionEn: 'now a JPEG' });
    expect((await kit.call('PUT', `${SAMPLES_API}/999999`, { json: { name: 'a.txt' }, token: admin })).status).toBe(404);
  });

  it('keeps bytes two samples share until the last one goes', async () => {
    const category = await newCategory();
    const bytes = await png(7);
    const one = (await upload(category.id, { bytes, name: 'one.png' })).body.data;
    const two = (await upload(category.id, { bytes, name: 'two.png' })).body.data;
    await kit.call('DELETE', `${SAMPLES_API}/${one.id}`, { token: admin });
    expect(await stored()).toContain(sha256(bytes));
    expect(sha256((await download(two.id)).bytes)).toBe(sha256(bytes));
    await kit.call('DELETE', `${SAMPLES_API}/${two.id}`, { token: admin });
    expect(await stored()).not.toContain(sha256(bytes));
  });

  it('reorders categories and samples; a category with files is not deleted, an empty one is', async () => {
    const category = await newCategory();
    const other = await newCategory();
    const a = (await upload(category.id, { bytes: Buffer.from('a\n'), name: 'a.txt' })).body.data;
    const b = (await upload(category.id, { bytes: Buffer.from('b\n'), name: 'b.txt' })).body.data;
    const c = (await upload(category.id, { bytes: Buffer.from('c\n'), name: 'c.txt' })).body.data;
    expect(
      (
        await kit.call('PUT', `${SAMPLES_API}/order`, {
          json: { categories: [other.id, category.id], samples: [c.id, a.id, b.id] },
          token: admin,
        })
      ).status,
    ).toBe(200);
    const after = await catalogue();
    expect(after.categories.slice(0, 2).map((row) => row.id)).toEqual([other.id, category.id]);
    expect(after.categories[1]!.samples.map((row) => row.name)).toEqual(['c.txt', 'a.txt', 'b.txt']);
    expect(keysOf((await kit.call('PUT', `${SAMPLES_API}/order`, { json: { samples: [a.id, a.id] }, token: admin })).body)).toEqual([
      'samples.field.order',
    ]);
    expect(keysOf((await kit.call('PUT', `${SAMPLES_API}/order`, { json: { samples: [999_999] }, token: admin })).body)).toEqual([
      'samples.notFound',
    ]);

    const busy = await kit.call('DELETE', `${SAMPLES_API}/categories/${category.id}`, { token: admin });
    expect(busy.status).toBe(409);
    expect(keysOf(busy.body)).toEqual(['samples.categoryNotEmpty']);
    expect((await kit.call('DELETE', `${SAMPLES_API}/categories/${other.id}`)).status).toBe(401);
    expect((await kit.call('DELETE', `${SAMPLES_API}/categories/${other.id}`, { token: user })).status).toBe(403);
    expect((await kit.call('DELETE', `${SAMPLES_API}/categories/${other.id}`, { token: admin })).status).toBe(200);
    expect((await catalogue()).categories.map((row) => row.id)).not.toContain(other.id);
    expect(
      keysOf((await kit.call('PUT', `${SAMPLES_API}/categories/${other.id}`, { json: { nameCn: 'x', nameEn: 'x' }, token: admin })).body),
    ).toEqual(['samples.categoryNotFound']);
    expect(
      keysOf((await kit.call('POST', `${SAMPLES_API}/categories`, { json: { nameCn: '', nameEn: 'x'.repeat(41) }, token: admin })).body),
    ).toEqual(['samples.field.categoryName', 'samples.field.categoryName']);
  });

  it('the start-up sweep removes objects no sample points to', async () => {
    await writeFile(join(kit.dataDir, 'samples', 'f'.repeat(64)), 'orphan');
    const before = await stored();
    const removed = await sweepOrphanSamples(kit.server.db, createLocalStorage(kit.dataDir), 0);
    expect(removed).toBe(1);
    expect(await stored()).toEqual(before.filter((name) => name !== 'f'.repeat(64)));
  });
});
