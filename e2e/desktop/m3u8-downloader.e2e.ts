import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { expect, test } from '../privacy';
import { hasFfmpeg, makeHls, probe } from '../hls-fixture';
import { installNativeHarness } from './native-harness';

/**
 * /m3u8/downloader in desktop mode: the page's source is main's own fetch (no proxy, no login,
 * no CORS: the loopback host sends no CORS headers at all) and its MP4 is written by the system's
 * ffmpeg in main into the file main's save dialog chose. Debian ffmpeg makes an AES-128 VOD stream
 * with a key URI; ffprobe reads what main's ffmpeg wrote.
 */

const SECONDS = 4;

let dir = '';
let server: Server | undefined;
let base = '';
/** A loopback port nothing listens on. */
let closedPort = 0;
const paths: string[] = [];

test.beforeAll(async () => {
  test.skip(!hasFfmpeg, 'ffmpeg/ffprobe not found: the desktop m3u8 e2e needs them');
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'baibao-m3u8-desktop-'));
  const media = join(dir, 'media');
  makeHls(media, { seconds: SECONDS, key: { uri: '/media/video.key', file: join(media, 'video.key') } });
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    paths.push(path);
    // A CDN-style redirect: the segments' relative addresses resolve where main ended up.
    if (path === '/go/video.m3u8') return void response.writeHead(302, { Location: '/media/index.m3u8' }).end();
    const file = join(dir, path);
    if (!file.startsWith(media) || !existsSync(file)) return void response.writeHead(404).end();
    // No CORS headers at all: a browser could not read any of this; main can.
    response.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('desktop /m3u8/downloader fetches from main and writes the MP4 with the system’s ffmpeg', async ({ page, baseURL }) => {
  const saved = join(dir, 'saved');
  mkdirSync(saved, { recursive: true });
  const harness = await installNativeHarness(page, {
    trustedOrigin: new URL(baseURL!).origin,
    hls: { chooseSavePath: async (name) => join(saved, name) },
  });
  await page.goto('/m3u8/downloader');
  await expect(page.getByTestId('m3u8-route')).toHaveAttribute('data-route', 'direct');

  await page.getByTestId('m3u8-url').fill(`${base}/go/video.m3u8`);
  await page.getByTestId('m3u8-open').click();
  await expect(page.getByTestId('m3u8-summary')).toContainText('AES-128');
  await page.getByTestId('m3u8-format').getByText('MP4').click();
  await page.getByTestId('m3u8-start').click();
  await expect(page.getByTestId('m3u8-ended')).toHaveAttribute('data-outcome', 'complete', { timeout: 60_000 });

  const channels = harness.calls.map(({ channel }) => channel);
  expect(channels).toContain('hls:fetch');
  expect(channels).toContain('hls-mp4:close');
  // Main fetched the key once and every segment; nothing went through the API's proxy.
  expect(paths.filter((path) => path === '/media/video.key')).toHaveLength(1);
  expect(paths.filter((path) => path.endsWith('.ts')).every((path) => path.startsWith('/media/seg'))).toBe(true);
  expect(harness.calls.some(({ args }) => JSON.stringify(args ?? '').includes('/api/proxy'))).toBe(false);

  const out = join(saved, 'video.mp4');
  const probed = probe(out);
  expect(probed.streams).toEqual(['audio', 'video']);
  expect(Math.abs(probed.duration - SECONDS)).toBeLessThan(0.5);
});

test('desktop /m3u8/downloader says in words that a playlist cannot be reached', async ({ page, baseURL }) => {
  await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin });
  await page.goto('/m3u8/downloader');
  await page.getByTestId('m3u8-url').fill(`http://127.0.0.1:${closedPort}/index.m3u8`);
  await page.getByTestId('m3u8-open').click();
  await expect(page.getByTestId('m3u8-error')).toHaveAttribute('data-code', 'unreachable');
  await expect(page.getByTestId('m3u8-error')).toContainText('无法连接对方服务器');
});
