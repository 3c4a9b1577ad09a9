import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';
import { logIn, startApi } from '../../../e2e/live-api-kit';
import { hasFfmpeg, makeHlsMaster, probe } from '../../../e2e/hls-fixture';

/**
 * /m3u8/downloader end to end: Debian ffmpeg makes a VOD HLS stream (a master with two variants,
 * the first AES-128 with a key URI), a loopback server serves it (one segment fails twice first, a
 * second playlist names a key that answers 404, one address answers HTML), and the built site,
 * served by an API of its own that may reach loopback (PROXY_ALLOW_PRIVATE), downloads it through
 * the guarded proxy as a logged-in user. ffprobe reads what the page saved.
 */

const SECONDS = 6;

let dir = '';
let api: { url: string; child: ChildProcess } | undefined;
let server: Server | undefined;
let base = '';
const requests: Array<{ path: string; status: number }> = [];
const failures = new Map<string, number>();
/** A path whose answers are held open while set (a segment in flight when the test pauses). */
let holding: string | undefined;
const held = new Set<ServerResponse>();

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.skip(!hasFfmpeg, 'ffmpeg/ffprobe not found: the m3u8 downloader e2e needs them to make its stream');
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'baibao-m3u8-e2e-'));
  const media = join(dir, 'media');
  makeHlsMaster(media, { seconds: SECONDS });
  // The same segments under a key address that answers 404.
  writeFileSync(
    join(media, 'high', 'lost-key.m3u8'),
    readFileSync(join(media, 'high', 'index.m3u8'), 'utf8').replace('/keys/high.key', '/keys/lost.key'),
  );
  // The plain variant twice over with a discontinuity between: timestamps start afresh halfway.
  const low = readFileSync(join(media, 'low', 'index.m3u8'), 'utf8')
    .replace('#EXT-X-ENDLIST', '')
    .trimEnd();
  const lowSegments = low.slice(low.indexOf('#EXTINF'));
  // A live stream's window: no #EXT-X-ENDLIST.
  writeFileSync(join(media, 'low', 'live.m3u8'), `${low.replace('#EXT-X-PLAYLIST-TYPE:VOD', '')}\n`);
  writeFileSync(join(media, 'low', 'twice.m3u8'), `${low}\n#EXT-X-DISCONTINUITY\n${lowSegments}\n#EXT-X-ENDLIST\n`);
  writeFileSync(join(media, 'player.m3u8'), '<!DOCTYPE html><html><body>请先登录</body></html>');

  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const answer = (status: number, body?: Buffer, type = 'application/octet-stream') => {
      requests.push({ path, status });
      response.writeHead(status, { 'Content-Type': type }).end(body);
    };
    if (path === holding) {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    // A CDN-style redirect: the master's relative variant addresses are relative to where it ended up.
    if (path === '/go/master.m3u8') {
      requests.push({ path, status: 302 });
      return response.writeHead(302, { Location: '/master.m3u8' }).end();
    }
    const left = failures.get(path) ?? 0;
    if (left > 0) {
      failures.set(path, left - 1);
      return answer(503);
    }
    const file = join(media, path);
    if (!file.startsWith(media) || !existsSync(file) || path.endsWith('/')) return answer(404);
    if (path.endsWith('.m3u8'))
      return answer(200, readFileSync(file), path === '/player.m3u8' ? 'text/html' : 'application/vnd.apple.mpegurl');
    return answer(200, readFileSync(file), path.endsWith('.ts') ? 'video/mp2t' : 'application/octet-stream');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = await startApi(dir);
});

test.afterAll(async () => {
  held.forEach((response) => response.destroy());
  api?.child.kill('SIGTERM');
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A save picker whose file is kept in the page, so the test can read what the page streamed into it. */
async function fakeSavePicker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const saved: { name: string; chunks: Uint8Array[]; closed: boolean }[] = [];
    Object.assign(window, {
      __m3u8Saved: saved,
      showSaveFilePicker: async (options: { suggestedName?: string }) => ({
        kind: 'file',
        name: options.suggestedName,
        createWritable: async () => {
          const file = { name: options.suggestedName ?? '', chunks: [] as Uint8Array[], closed: false };
          saved.push(file);
          return {
            write: async (data: Uint8Array) => void file.chunks.push(new Uint8Array(data)),
            close: async () => void (file.closed = true),
            abort: async () => undefined,
          };
        },
      }),
    });
  });
}

async function savedFile(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const { name, base64 } = await page.evaluate(() => {
    const file = (window as unknown as { __m3u8Saved: { name: string; chunks: Uint8Array[]; closed: boolean }[] }).__m3u8Saved.at(-1)!;
    if (!file.closed) throw new Error('the saved file was not closed');
    let binary = '';
    for (const chunk of file.chunks) for (let i = 0; i < chunk.length; i++) binary += String.fromCharCode(chunk[i]!);
    return { name: file.name, base64: btoa(binary) };
  });
  return { name, bytes: Buffer.from(base64, 'base64') };
}

/** With SCREENSHOT_DIR set, the page at desktop and phone widths (docs/screenshots). */
async function screenshots(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
  }
}

async function open(page: Page, url: string): Promise<void> {
  await page.getByTestId('m3u8-url').fill(url);
  await page.getByTestId('m3u8-open').click();
}

test('a visitor who is not logged in is told so, with the way to log in', async ({ page }) => {
  await page.goto(`${api!.url}/m3u8/downloader`);
  await expect(page.getByTestId('m3u8-route')).toHaveAttribute('data-route', 'proxy');
  await expect(page.getByTestId('m3u8-route')).toContainText('经本站服务器转发');
  await open(page, `${base}/master.m3u8`);
  await expect(page.getByTestId('m3u8-error')).toHaveAttribute('data-code', 'login');
  await expect(page.getByTestId('m3u8-error').getByTestId('m3u8-login')).toBeVisible();
});

test('lists the variants of a redirected master, downloads the AES-128 one as TS through a segment that fails twice, and ffprobe reads it', async ({
  page,
  context,
}) => {
  await logIn(context, api!.url);
  await fakeSavePicker(page);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/go/master.m3u8`);
  const variants = page.getByTestId('m3u8-variants');
  await expect(variants).toContainText('320×240 · 0.9 Mbit/s · avc1.42c00d,mp4a.40.2');
  await expect(variants).toContainText('160×120 · 0.3 Mbit/s');
  await variants.getByText('320×240', { exact: false }).click();
  failures.set('/high/seg2.ts', 2);
  requests.length = 0;
  await page.getByTestId('m3u8-open-variant').click();
  await expect(page.getByTestId('m3u8-summary')).toContainText('AES-128');
  await page.getByTestId('m3u8-start').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete', { timeout: 30_000 });

  expect(requests.filter((r) => r.path === '/high/seg2.ts').map((r) => r.status)).toEqual([503, 503, 200]);
  expect(requests.filter((r) => r.path === '/keys/high.key')).toHaveLength(1);
  const { name, bytes } = await savedFile(page);
  expect(name).toBe('master.ts');
  const out = join(dir, 'high.ts');
  writeFileSync(out, bytes);
  const probed = probe(out);
  expect(probed.streams).toEqual(['audio', 'video']);
  expect(Math.abs(probed.duration - SECONDS)).toBeLessThan(0.5);
});

test('downloads the AES-128 variant as MP4 remuxed in the browser, with the length in its header', async ({ page, context }) => {
  await logIn(context, api!.url);
  await fakeSavePicker(page);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/high/index.m3u8`);
  await page.getByTestId('m3u8-format').getByText('MP4').click();
  await page.getByTestId('m3u8-start').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete', { timeout: 30_000 });
  const { name, bytes } = await savedFile(page);
  expect(name).toBe('index.mp4');
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  const out = join(dir, 'high.mp4');
  writeFileSync(out, bytes);
  const probed = probe(out);
  expect(probed.streams).toEqual(['audio', 'video']);
  expect(Math.abs(probed.duration - SECONDS)).toBeLessThan(0.5);
});

test('a playlist with a discontinuity becomes one MP4 whose time runs on across it', async ({ page, context }) => {
  await logIn(context, api!.url);
  await fakeSavePicker(page);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/low/twice.m3u8`);
  await expect(page.getByTestId('m3u8-summary')).toContainText('12');
  await page.getByTestId('m3u8-format').getByText('MP4').click();
  await page.getByTestId('m3u8-start').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete', { timeout: 30_000 });
  const out = join(dir, 'twice.mp4');
  writeFileSync(out, (await savedFile(page)).bytes);
  const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', out, '-f', 'null', '-'], { encoding: 'utf8' });
  expect(decode.stderr).not.toMatch(/non monotonically increasing dts/);
  const probed = probe(out);
  expect(probed.streams).toEqual(['audio', 'video']);
  expect(Math.abs(probed.duration - 2 * SECONDS)).toBeLessThan(0.5);
});

test('without a save picker the video comes in parts the visitor saves; a range downloads only its segments', async ({ page, context }) => {
  await logIn(context, api!.url);
  await page.addInitScript(() => {
    delete (Window.prototype as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/low/index.m3u8`);
  await expect(page.getByTestId('m3u8-summary')).toContainText('6');
  await page.getByTestId('m3u8-part-size').fill('1');
  await page.getByTestId('m3u8-from').fill('2');
  await page.getByTestId('m3u8-to').fill('4');
  await expect(page.getByTestId('m3u8-range-times')).toHaveText('0:01 – 0:04，共 0:03');
  await page.getByTestId('m3u8-start').click();
  const saving = page.waitForEvent('download');
  await page.getByTestId('m3u8-save-part').click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('index.ts');
  const out = join(dir, 'range.ts');
  await download.saveAs(out);
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete');
  const probed = probe(out);
  expect(probed.streams).toEqual(['audio', 'video']);
  expect(Math.abs(probed.duration - 3)).toBeLessThan(0.5);
});

test('a dropped .m3u8 file with relative addresses downloads against the base address given', async ({ page, context }) => {
  await logIn(context, api!.url);
  await fakeSavePicker(page);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await page.getByText('本地 .m3u8 文件').click();
  const playlist = {
    name: 'lesson.m3u8',
    mimeType: 'application/vnd.apple.mpegurl',
    buffer: readFileSync(join(dir, 'media', 'low', 'index.m3u8')),
  };
  // Without a base address the relative segment addresses cannot be fetched.
  await page.getByTestId('m3u8-file').setInputFiles(playlist);
  await page.getByTestId('m3u8-start').click();
  await expect(page.getByTestId('m3u8-cell')).toContainText('需要填写基础地址', { timeout: 30_000 });
  await page.getByTestId('m3u8-cancel').click();
  await page.getByTestId('m3u8-again').click();
  await page.getByText('本地 .m3u8 文件').click();
  await page.locator('#m3u8-base').fill(`${base}/low/`);
  await page.getByTestId('m3u8-file').setInputFiles(playlist);
  await page.getByTestId('m3u8-start').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete');
  const { name, bytes } = await savedFile(page);
  expect(name).toBe('lesson.ts');
  const out = join(dir, 'lesson.ts');
  writeFileSync(out, bytes);
  expect(Math.abs(probe(out).duration - SECONDS)).toBeLessThan(0.5);
});

test('pause stops the segments in flight and resume finishes the file', async ({ page, context }) => {
  await logIn(context, api!.url);
  await fakeSavePicker(page);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/low/index.m3u8`);
  holding = '/low/seg3.ts';
  await page.getByTestId('m3u8-start').click();
  const grid = page.getByTestId('m3u8-grid');
  await expect(grid).toHaveAttribute('data-states', 'dddldd');
  await page.getByTestId('m3u8-pause').click();
  await expect(page.getByTestId('m3u8-run')).toHaveAttribute('data-status', 'paused');
  await expect(grid).toHaveAttribute('data-states', 'dddwdd');
  // The held answer is given up by the page (the proxy drops it too), not left hanging.
  await expect.poll(() => held.size).toBe(0);
  holding = undefined;
  await page.getByTestId('m3u8-resume').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete');
  const { bytes } = await savedFile(page);
  const out = join(dir, 'paused.ts');
  writeFileSync(out, bytes);
  expect(Math.abs(probe(out).duration - SECONDS)).toBeLessThan(0.5);
});

test('a key that answers 404 fails its segments with a clear message, and a failed cell can be retried', async ({ page, context }) => {
  await logIn(context, api!.url);
  await fakeSavePicker(page);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/high/lost-key.m3u8`);
  await page.getByTestId('m3u8-parallel').fill('2');
  await page.getByTestId('m3u8-start').click();
  const run = page.getByTestId('m3u8-run');
  await expect(run).toHaveAttribute('data-status', 'stalled', { timeout: 30_000 });
  await expect(page.getByTestId('m3u8-grid')).toHaveAttribute('data-states', 'ffffff');
  await expect(page.getByTestId('m3u8-cell')).toContainText(`无法获取解密密钥：${base}/keys/lost.key 返回 HTTP 404`);
  // Turned to a phone's width, the grid follows: nothing is left wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshots(page, 'm3u8-downloader');
  const keyAsks = () => requests.filter((r) => r.path === '/keys/lost.key').length;
  const before = keyAsks();
  // Clicking the first (failed) cell asks again.
  await page.getByTestId('m3u8-grid').click({ position: { x: 5, y: 5 } });
  await expect.poll(keyAsks).toBeGreaterThan(before);
  await expect(run).toHaveAttribute('data-status', 'stalled');
  await page.getByTestId('m3u8-retry-failed').click();
  await expect.poll(keyAsks).toBeGreaterThan(before + 1);
  await page.getByTestId('m3u8-cancel').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'cancelled');
});

test('an address that answers HTML, a missing playlist, a live stream or a site that cannot be reached says what it is', async ({
  page,
  context,
}) => {
  await logIn(context, api!.url);
  await page.goto(`${api!.url}/m3u8/downloader`);
  await open(page, `${base}/player.m3u8`);
  await expect(page.getByTestId('m3u8-error')).toHaveAttribute('data-code', 'html');
  await expect(page.getByTestId('m3u8-error')).toContainText('返回的是网页（HTML）');
  await open(page, `${base}/gone.m3u8`);
  await expect(page.getByTestId('m3u8-error')).toHaveAttribute('data-code', 'status');
  await expect(page.getByTestId('m3u8-error')).toContainText('HTTP 404');
  await open(page, `${base}/low/live.m3u8`);
  await expect(page.getByTestId('m3u8-error')).toHaveAttribute('data-code', 'live');
  await expect(page.getByTestId('m3u8-error')).toContainText('这是直播流');
  // Nothing listens on port 1: the site cannot be reached, which is not our server refusing.
  await open(page, 'http://127.0.0.1:1/index.m3u8');
  await expect(page.getByTestId('m3u8-error')).toHaveAttribute('data-code', 'unreachable');
  await expect(page.getByTestId('m3u8-error')).toContainText('无法连接到视频网站');
});
