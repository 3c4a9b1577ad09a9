import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { PUSH_TOKEN, READ_TOKEN, startGithubServer } from '../server/testing/github-server';
import type { GithubTestServer } from '../server/testing/github-server';
import { adminTokens, logIn as logInAs, startApi } from './live-api-kit';
import { expect, test } from './privacy';
import type { PrivacyAllowance } from './privacy';

/**
 * PicHub end to end (issue 16): the built site in Chromium, served by an API server of its own whose
 * CSP lets the page reach the loopback test servers (PICHUB_CONNECT_SRC), a GitHub-compatible test
 * server over a real bare git repository, and small "CDN" servers answering from that repository —
 * one quick, one slow, one port that refuses — for the CDN probe and the gallery's thumbnails.
 */

export const OWNER = 'baibao';
export const REPO = 'pictures';
export const BRANCH = 'main';
export const TOKEN = PUSH_TOKEN;
export const READ_ONLY_TOKEN = READ_TOKEN;
export const WRONG_TOKEN = 'ghp_e2eNotATokenAtAll000000000000000000';

export interface PicHubWorld {
  dir: string;
  api: { url: string; child: ChildProcess };
  github: GithubTestServer;
  /** Origins of the loopback CDN servers; `dead` refuses connections. */
  cdn: { fast: string; slow: string; dead: string };
  /** The slow CDN's delay before it answers. */
  slowMs: number;
  closeCdns(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createNetServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

const listen = (server: Server) =>
  new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** Files a commit added over its parent (the server's git helpers read the rest: log, ls, show). */
export const gitAdded = (github: GithubTestServer, sha: string): string[] =>
  github.git(['diff-tree', '--no-commit-id', '--name-only', '--diff-filter=A', '-r', '-z', sha]).split('\0').filter(Boolean);

/** A CDN answering GET/HEAD /gh/{owner}/{repo}@{branch}/{path} from the repository, after `delayMs`. */
function cdnServer(github: GithubTestServer, delayMs: number): Server {
  return createServer((request, response) => {
    const match = /^\/gh\/([^/]+)\/([^/@]+)@([^/]+)\/(.+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
    const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };
    setTimeout(() => {
      if (!match || request.socket.destroyed) {
        response.writeHead(404, headers).end();
        return;
      }
      const body = github.show(decodeURIComponent(match[4]!), decodeURIComponent(match[3]!));
      if (!body) {
        response.writeHead(404, headers).end();
        return;
      }
      response.writeHead(200, { ...headers, 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    }, delayMs);
  });
}

/** A template of a loopback CDN in the form the page's CDN templates take. */
export const cdnTemplate = (origin: string) => `${origin}/gh/{owner}/{repo}@{branch}/{path}`;

export async function startPicHubWorld(options: { slowMs?: number } = {}): Promise<PicHubWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'baibao-pichub-e2e-'));
  const github = await startGithubServer({ owner: OWNER, repo: REPO, branches: [BRANCH] });
  const slowMs = options.slowMs ?? 1500;
  const fast = cdnServer(github, 0);
  const slow = cdnServer(github, slowMs);
  const servers = [fast, slow];
  const cdn = { fast: await listen(fast), slow: await listen(slow), dead: `http://127.0.0.1:${await freePort()}` };
  const api = await startApi(dir, {
    PICHUB_CONNECT_SRC: [github.url, cdn.fast, cdn.slow, cdn.dead].join(' '),
  });
  const close = async () => {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  };
  return { dir, api, github, cdn, slowMs, closeCdns: close };
}

export async function stopPicHubWorld(world: PicHubWorld | undefined): Promise<void> {
  if (!world) return;
  world.api.child.kill('SIGTERM');
  await world.closeCdns();
  await world.github.close().catch(() => undefined);
  rmSync(world.dir, { recursive: true, force: true });
}

/** The one place file content may go in these specs: the test repository on the GitHub test server. */
export const hubAllowance = (world: () => PicHubWorld | undefined): PrivacyAllowance => ({
  why: "the user's own hub: the GitHub test server's repository",
  origin: () => new URL(world()!.github.url).origin,
  path: `/repos/${OWNER}/${REPO}/`,
});

/** The system hub's upload call on our API (anyone may upload one picture there). */
export const sysUploadAllowance = (world: () => PicHubWorld | undefined): PrivacyAllowance => ({
  why: 'the system hub: our API uploads the picture to the admin-set repository',
  origin: () => world()!.api.url,
  path: '/api/busi/pic-hub/sys/upload',
  method: 'POST',
});

export const logIn = (context: BrowserContext, world: PicHubWorld) => logInAs(context, world.api.url);

/**
 * The world of one spec file (or describe block): started before its first test, stopped after
 * its last, and the one place its pictures may go — the hub's repository, or with `allow: 'system'`
 * the system hub's upload call on our API. Returns the running world.
 */
export function setUpPicHubWorld(options: { slowMs?: number; allow?: 'hub' | 'system' } = {}): () => PicHubWorld {
  let world: PicHubWorld | undefined;
  const allowance = options.allow === 'system' ? sysUploadAllowance : hubAllowance;
  test.use({ privacyAllowed: [allowance(() => world)] });
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    world = await startPicHubWorld(options);
  });
  test.afterAll(async () => {
    await stopPicHubWorld(world);
    world = undefined;
  });
  return () => {
    if (!world) throw new Error('the PicHub world runs only between its beforeAll and afterAll');
    return world;
  };
}

/** A second browser of the same (admin) user, logged in; close it when done. */
export async function secondBrowser(browser: Browser, world: PicHubWorld): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: world.api.url });
  await logIn(context, world);
  return context;
}

/** Our API's answer (its `data`) to the admin, as the page of a logged-in browser would ask. */
export async function apiAsAdmin<T>(world: PicHubWorld, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { accessToken } = await adminTokens(world.api.url);
  const response = await fetch(`${world.api.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${accessToken}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export const pichubUrl = (world: PicHubWorld, tab?: string) => `${world.api.url}/pic/hub${tab ? `?tab=${tab}` : ''}`;

/**
 * A photo-like picture: smooth colour fields with fine grain, so JPEG at high quality is big and the
 * compress preset visibly shrinks it, as with a camera's picture.
 */
export async function photo(width: number, height: number, seed: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const wave = Math.sin((x + seed * 37) / 40) * Math.cos(y / 55);
      pixels[at] = Math.max(0, Math.min(255, 120 + 90 * wave + 12 * random()));
      pixels[at + 1] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + 12 * random()));
      pixels[at + 2] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + 12 * random()));
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'jpeg' ? image.jpeg({ quality: 97 }).toBuffer() : image.png().toBuffer();
}

export interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Pastes files as Ctrl+V would: a ClipboardEvent carrying them in its DataTransfer, on the page's document. */
export async function pasteFiles(page: Page, files: readonly FileSpec[]): Promise<void> {
  await page.evaluate(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
}

/** Drops files on a drop zone: dragenter, dragover and drop with one DataTransfer. */
export async function dropFiles(target: Locator, files: readonly FileSpec[]): Promise<void> {
  const transfer = await target.page().evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return data;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: transfer });
}

/** Reads the system clipboard (the context needs clipboard-read permission). */
export const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The bytes' picture format and size, by decoding them: proves a committed file is a real picture. */
export async function decode(bytes: Buffer): Promise<{ format: string; width: number; height: number }> {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format: format!, width: width!, height: height! };
}

export interface HubInput {
  token?: string;
  branch?: string;
  path?: string;
  repo?: string;
}

/** The label the page gives a hub: owner/repo@branch/path. */
export const hubLabel = (hub: HubInput = {}) => `${OWNER}/${hub.repo ?? REPO}@${hub.branch ?? BRANCH}/${hub.path ?? 'img/e2e'}`;

/** The storage tab's row of that hub. */
export const hubRow = (page: Page, hub: HubInput = {}) =>
  page.locator('li.ph-hub').filter({ has: page.getByTestId('pic-hub-hub-label').getByText(hubLabel(hub), { exact: true }) });

/** Fills and submits the storage tab's hub drawer, pointed at the test server by the advanced API address. */
export async function fillHubDrawer(page: Page, world: PicHubWorld, hub: HubInput = {}): Promise<Locator> {
  await page.goto(pichubUrl(world, 'storage'));
  await page.getByTestId('pic-hub-hub-add').click();
  const drawer = page.getByTestId('pic-hub-hub-form');
  await drawer.getByTestId('pic-hub-hub-owner').fill(OWNER);
  await drawer.getByTestId('pic-hub-hub-repo').fill(hub.repo ?? REPO);
  await drawer.getByTestId('pic-hub-hub-branch').fill(hub.branch ?? BRANCH);
  // Slashes around the folder are the user's habit; the hub keeps it without them.
  await drawer.getByTestId('pic-hub-hub-path').fill(`/${hub.path ?? 'img/e2e'}/`);
  await drawer.getByTestId('pic-hub-hub-token').fill(hub.token ?? TOKEN);
  await drawer.getByTestId('pic-hub-hub-advanced').click();
  await drawer.getByTestId('pic-hub-hub-apiBaseUrl').fill(world.github.url);
  await drawer.getByTestId('pic-hub-hub-save').click();
  return drawer;
}

/** Adds the hub and makes it the one in use. */
export async function configureHub(page: Page, world: PicHubWorld, hub: HubInput = {}): Promise<void> {
  const drawer = await fillHubDrawer(page, world, hub);
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  const row = hubRow(page, hub);
  await expect(row).toBeVisible();
  const activate = row.getByTestId('pic-hub-hub-activate');
  if (await activate.isVisible()) await activate.click();
  await expect(row.getByTestId('pic-hub-hub-active')).toBeVisible();
}

/** Deletes the gallery's selected pictures: its delete button, then the dialog's (antd spaces a two-character label: '删 除'). */
export async function deleteSelected(page: Page): Promise<void> {
  await page.getByTestId('pic-hub-gallery-delete').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
}

/** The setting tab's CDN template row of that name. */
export const cdnRow = (page: Page, name: string) => page.locator(`[data-testid="pic-hub-cdn"][data-name="${name}"]`);

/** Adds a user CDN template in the setting tab's drawer (the tab must be open); `activate` makes it the one in use. */
export async function addCdnTemplate(page: Page, name: string, tpl: string, options: { activate?: boolean } = {}): Promise<void> {
  await page.getByTestId('pic-hub-cdn-add').click();
  const form = page.getByTestId('pic-hub-cdn-form');
  await form.getByTestId('pic-hub-cdn-name').fill(name);
  await form.getByTestId('pic-hub-cdn-tpl').fill(tpl);
  await form.getByTestId('pic-hub-cdn-save').click();
  await expect(cdnRow(page, name)).toBeVisible();
  if (!options.activate) return;
  await cdnRow(page, name).getByTestId('pic-hub-cdn-activate').click();
  await expect(cdnRow(page, name)).toHaveAttribute('data-active', 'true');
}

/** The upload tab's items, and the one of that file. */
export const uploadItems = (page: Page) => page.getByTestId('pic-hub-upload-item');
export const uploadItem = (page: Page, name: string) => uploadItems(page).filter({ hasText: name });

/** Opens the upload tab and waits until it takes files (the hubs load after the page). */
export async function openUpload(page: Page, world: PicHubWorld): Promise<void> {
  await page.goto(pichubUrl(world, 'upload'));
  // The drop zone takes files while the hubs load too (they wait); the hub line shows once they are read.
  await expect(page.getByTestId('pic-hub-hub-line')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('pic-hub-upload-drop')).toHaveAttribute('aria-disabled', 'false', { timeout: 15_000 });
}
