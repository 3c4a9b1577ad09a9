import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from '../privacy';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { writeBmp } from '@shared/image/bmp';
import { installNativeHarness } from './native-harness';

let dir: string;
const names = ['desk-a.jpg', 'desk-b.jpg', 'broken.jpg'];
const path = (name: string) => join(dir, name);

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-desktop-image-'));
  for (const [index, name] of names.slice(0, 2).entries()) {
    const noise = {
      width: 1400,
      height: 1000,
      channels: 3 as const,
      background: '#808080',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 25 + index * 5 },
    };
    writeFileSync(path(name), await sharp({ create: noise }).jpeg({ quality: 95 }).toBuffer());
  }
  writeFileSync(path('broken.jpg'), 'not an image at all');
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the image compressor takes the sharp path: main reads the files, the page decodes nothing', async ({ page, baseURL }) => {
  const harness = await installNativeHarness(page, {
    files: Object.fromEntries(names.map((name) => [name, path(name)])),
    trustedOrigin: new URL(baseURL!).origin,
  });
  await page.goto('/image/compress');
  await expect(page.getByTestId('image-engine')).toHaveAttribute('data-engine', 'native');
  await page.getByTestId('compress-format').getByText('WebP', { exact: true }).click();
  await page.getByTestId('compress-max-width').fill('700');
  await page.getByTestId('file-input').setInputFiles(names.map(path));

  await expect(page.getByTestId('image-item')).toHaveCount(3);
  await expect(page.locator('[data-testid="image-item"][data-status="done"]')).toHaveCount(2, { timeout: 30_000 });
  const broken = page.locator('[data-testid="image-item"][data-file-name="broken.jpg"]');
  await expect(broken).toHaveAttribute('data-status', 'error');
  await expect(broken.getByTestId('batch-error')).toContainText('无法读取');

  const calls = harness.calls.filter(({ channel }) => channel === 'image:process');
  expect(calls.map(({ args }) => (args as { path: string }).path).sort()).toEqual(names.map(path).sort());
  expect((calls[0]!.args as { job: { output: { format: string } } }).job.output.format).toBe('webp');
  expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });

  const downloading = page.waitForEvent('download');
  await page.getByTestId('image-download-all').click();
  const entries = unzipSync(new Uint8Array(readFileSync(await (await downloading).path())));
  expect(Object.keys(entries).sort()).toEqual(['desk-a.webp', 'desk-b.webp']);
  for (const name of ['desk-a', 'desk-b']) {
    const meta = await sharp(entries[`${name}.webp`]!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 700, 500]);
    expect(entries[`${name}.webp`]!.length).toBeLessThan(statSync(path(`${name}.jpg`)).size);
  }
});

test('files sharp cannot read (BMP, HEVC HEIC) go to the browser engine on the desktop too', async ({ page, baseURL }) => {
  const bmp = path('screen.bmp');
  const pixels = new Uint8ClampedArray(64 * 48 * 4).map((_, index) => (index % 4 === 3 ? 255 : (index * 7) % 256));
  writeFileSync(bmp, writeBmp(pixels, 64, 48));
  const heic = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'image/file-type/fixture-mif1.heic');
  const inputs = [bmp, ...(existsSync(heic) ? [heic] : [])];
  if (inputs.length === 1) console.warn(`[desktop image e2e] corpus HEIC not found at ${heic}: BMP only`);
  const harness = await installNativeHarness(page, {
    files: Object.fromEntries(inputs.map((input) => [basename(input), input])),
    trustedOrigin: new URL(baseURL!).origin,
  });
  await page.goto('/image/compress');
  await expect(page.getByTestId('image-engine')).toHaveAttribute('data-engine', 'native');
  await page.getByTestId('compress-format').getByText('JPEG', { exact: true }).click();
  await page.getByTestId('file-input').setInputFiles(inputs);

  await expect(page.locator('[data-testid="image-item"][data-status="done"]')).toHaveCount(inputs.length, { timeout: 30_000 });
  // sharp was asked first and said no; the page then decoded the files itself.
  expect(harness.calls.filter(({ channel }) => channel === 'image:process')).toHaveLength(inputs.length);
  expect((await harness.pageFileActivity()).filesPostedToWorkers).toBe(inputs.length);
  if (inputs.length === 2) {
    await expect(page.locator('[data-testid="image-item"][data-file-name="fixture-mif1.heic"]').getByTestId('image-sizes')).toBeVisible();
  }
});
