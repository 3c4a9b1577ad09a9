import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startApi } from '../../../e2e/live-api-kit';
import { hasCoturn, startCoturn } from '../../../e2e/peer-link-kit';
import { chromiumArgs } from '../../../playwright.config';
import { expect, test, watchPrivacy } from '../../../e2e/privacy';

/**
 * Two Chromium contexts are two devices behind one address (loopback): they meet in the network's
 * room of the suite's own server, connect over WebRTC and send through the data channel. The privacy
 * fixture watches the first context and the test the second: the files travel peer to peer, so no
 * request or WebSocket frame to the server may carry them.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    // Loopback candidates are off in Chromium by default; mDNS names would hide the addresses.
    args: [...chromiumArgs, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

// Every page of this file meets in one network room (all contexts share loopback's address); run
// side by side, a test would also see the other test's two devices. In order, each test's pair has
// the room to itself.
test.describe.configure({ mode: 'default' });

/**
 * The page's live socket runs through the test: `cut` closes it (the other devices see this one
 * leave and close their links) and keeps refusing the page's new connections until `restore`.
 */
async function cuttableLive(page: Page) {
  let socket: { close: () => Promise<void> } | undefined;
  let refused = false;
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    if (refused) return void ws.close();
    ws.connectToServer();
    socket = ws;
  });
  return {
    async cut() {
      refused = true;
      await socket!.close();
    },
    restore: () => (refused = false),
  };
}

/** A file of `mb` MiB of varied blocks (a chunk sent twice or out of place changes the hash). */
function bigFile(name: string, mb: number) {
  const path = join(mkdtempSync(join(tmpdir(), 'baibao-p2p-')), name);
  const blocks = Array.from({ length: 100 }, (_, i) => Buffer.concat([Buffer.from(`${name} ${i}\n`), randomBytes(4096)]));
  const whole = Buffer.alloc(mb * 1024 * 1024);
  for (let at = 0, i = 0; at < whole.length; i++) at += blocks[i % blocks.length]!.copy(whole, at);
  writeFileSync(path, whole);
  return { path, whole };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Keeps every RTCPeerConnection the page makes, so the test reads their stats itself. */
function keepConnections() {
  const Native = window.RTCPeerConnection;
  const kept: RTCPeerConnection[] = [];
  (window as unknown as { p2pConnections: RTCPeerConnection[] }).p2pConnections = kept;
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      kept.push(this);
    }
  };
}

/** The candidate types of each connected link's selected pair, straight from getStats(), and its policy. */
const selectedPairs = (page: Page) =>
  page.evaluate(async () => {
    const kept = (window as unknown as { p2pConnections: RTCPeerConnection[] }).p2pConnections;
    const pairs = [];
    for (const connection of kept.filter((item) => item.connectionState === 'connected')) {
      const stats = new Map<string, Record<string, unknown>>();
      (await connection.getStats()).forEach((entry: Record<string, unknown>) => stats.set(entry.id as string, entry));
      const transport = [...stats.values()].find((entry) => entry.type === 'transport');
      const pair = stats.get(transport?.selectedCandidatePairId as string);
      pairs.push({
        policy: connection.getConfiguration().iceTransportPolicy,
        local: stats.get(pair?.localCandidateId as string)?.candidateType,
        remote: stats.get(pair?.remoteCandidateId as string)?.candidateType,
      });
    }
    return pairs;
  });

async function twoDevices(page: Page, browser: Browser, { url = '/p2p/transfer', route = '直连' } = {}) {
  const other = await browser.newContext();
  const stopWatching = await watchPrivacy(other);
  const b = await other.newPage();
  await Promise.all([page.addInitScript(keepConnections), b.addInitScript(keepConnections)]);
  await Promise.all([page.goto(url), b.goto(url)]);
  await expect(page).toHaveTitle('文件快传 - 百宝箱');
  const [nameA, nameB] = await Promise.all([page.getByTestId('p2p-my-name').textContent(), b.getByTestId('p2p-my-name').textContent()]);
  // Each sees the other by its generated name, connected by the route the server's config allows.
  for (const [viewer, name] of [
    [page, nameB],
    [b, nameA],
  ] as const) {
    const device = viewer.getByTestId('p2p-device').filter({ hasText: name! });
    await expect(device.getByTestId('p2p-device-link')).toHaveText('已连接', { timeout: 30_000 });
    await expect(device.getByTestId('p2p-device-route')).toHaveText(route);
  }
  await page.getByTestId('p2p-device').filter({ hasText: nameB! }).getByTestId('p2p-device-select').click();
  return {
    b,
    nameA: nameA!,
    async close() {
      await other.close();
      expect(await stopWatching(), 'the second device sent what may be file content').toEqual([]);
    },
  };
}

test('two devices on one network: 3 files and a text arrive identical after accepting', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { b, nameA, close } = await twoDevices(page, browser);
  const files = [
    { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('点对点 hello\n') },
    { name: 'photo.bin', mimeType: 'application/octet-stream', buffer: randomBytes(300 * 1024) },
    { name: 'video.bin', mimeType: 'application/octet-stream', buffer: randomBytes(2 * 1024 * 1024 + 17) },
  ];
  await page.getByTestId('p2p-files').setInputFiles(files);

  const offer = b.getByTestId('p2p-offer');
  await expect(offer).toContainText(`${nameA} 想发送 3 个文件`);
  await b.getByTestId('p2p-accept').click();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'done');
  await expect(received.getByTestId('p2p-file')).toHaveCount(3);
  await expect(received.getByTestId('p2p-file').filter({ hasText: '校验通过' })).toHaveCount(3);

  // Read back from the browser's storage through the page's own save buttons.
  for (const [index, file] of files.entries()) {
    const row = received.getByTestId('p2p-file').nth(index);
    await expect(row).toContainText(file.name);
    const [download] = await Promise.all([b.waitForEvent('download'), row.getByTestId('p2p-save').click()]);
    expect(download.suggestedFilename()).toBe(file.name);
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(file.buffer));
  }

  const text = '你好，P2P！\n第二行 ✓';
  await page.getByTestId('p2p-text').fill(text);
  await page.getByTestId('p2p-send-text').click();
  await expect(b.getByTestId('p2p-offer')).toContainText(`${nameA} 发来一段文字`);
  await b.getByTestId('p2p-accept').click();
  await expect(b.getByTestId('p2p-received-text').first()).toHaveText(text);
  await expect(page.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'done');
  await close();
});

test('relay only (ICE_TRANSPORT_POLICY=relay): through Debian coturn, the selected pair is relay on both sides and the file arrives identical', async ({
  page,
  browser,
}) => {
  test.skip(!hasCoturn(), 'turnserver (Debian package coturn) is not installed: apt-get install coturn');
  test.setTimeout(120_000);
  // A server of its own, configured as an operator would: TURN from ICE_SERVERS with credentials from
  // the shared secret, and relay only. Its network room is its own too.
  const secret = 'p2p-transfer-e2e-turn-secret';
  const turn = await startCoturn(secret);
  const api = await startApi(mkdtempSync(join(tmpdir(), 'baibao-p2p-relay-')), {
    ICE_SERVERS: JSON.stringify([{ urls: `turn:127.0.0.1:${turn.port}?transport=udp` }]),
    TURN_SECRET: secret,
    ICE_TRANSPORT_POLICY: 'relay',
  });
  try {
    const { b, close } = await twoDevices(page, browser, { url: `${api.url}/p2p/transfer`, route: '中继' });
    for (const viewer of [page, b])
      expect(await selectedPairs(viewer), turn.log()).toEqual([{ policy: 'relay', local: 'relay', remote: 'relay' }]);
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    await page.getByTestId('p2p-files').setInputFiles([{ name: 'relayed.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
    await b.getByTestId('p2p-accept').click();
    const received = b.getByTestId('p2p-transfer').first();
    await expect(received).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(received.getByTestId('p2p-file')).toContainText('校验通过');
    const [download] = await Promise.all([b.waitForEvent('download'), received.getByTestId('p2p-save').click()]);
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(bytes));
    // Still the relay after the bytes went through: no direct pair was found on the way.
    for (const viewer of [page, b]) expect(await selectedPairs(viewer)).toEqual([{ policy: 'relay', local: 'relay', remote: 'relay' }]);
    await close();
  } finally {
    api.child.kill('SIGTERM');
    await turn.stop();
  }
});

test('a declined offer is shown as declined on both sides and nothing is sent', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { b, close } = await twoDevices(page, browser);
  await page
    .getByTestId('p2p-files')
    .setInputFiles([{ name: 'secret.bin', mimeType: 'application/octet-stream', buffer: randomBytes(64 * 1024) }]);
  await b.getByTestId('p2p-decline').click();
  await expect(b.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'declined');
  await expect(b.getByTestId('p2p-transfer-state').first()).toHaveText('已拒绝');
  const sent = page.getByTestId('p2p-transfer').first();
  await expect(sent).toHaveAttribute('data-state', 'declined');
  await expect(sent.getByTestId('p2p-transfer-state')).toHaveText('对方拒绝了');
  await expect(b.getByTestId('p2p-file')).toHaveCount(0);
  await close();
});

test('a folder of 50 files in subfolders arrives with its structure and every file checked', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { b, close } = await twoDevices(page, browser);
  const root = join(mkdtempSync(join(tmpdir(), 'baibao-p2p-')), 'album');
  const made: { path: string; bytes: Buffer }[] = [];
  for (let i = 0; i < 50; i++) {
    const dir = join(root, i < 25 ? '2024' : '2025/summer');
    mkdirSync(dir, { recursive: true });
    const bytes = randomBytes(1000 + i * 97);
    writeFileSync(join(dir, `p${String(i).padStart(2, '0')}.bin`), bytes);
    made.push({ path: `album/${i < 25 ? '2024' : '2025/summer'}/p${String(i).padStart(2, '0')}.bin`, bytes });
  }
  await page.getByTestId('p2p-files-folder').setInputFiles(root);
  await expect(b.getByTestId('p2p-offer')).toContainText('50 个文件');
  await b.getByTestId('p2p-accept').click();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(received.getByTestId('p2p-file').filter({ hasText: '校验通过' })).toHaveCount(50);
  const paths = await received.locator('.p2p-file__path').allTextContents();
  expect([...paths].sort()).toEqual(made.map((file) => file.path).sort());
  const last = made.find((file) => file.path === paths[paths.length - 1])!;
  const [download] = await Promise.all([
    b.waitForEvent('download'),
    received.getByTestId('p2p-file').last().getByTestId('p2p-save').click(),
  ]);
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(last.bytes));
  await close();
});

test('pairing by code: the code and its QR show, the other device joins it and both list the pair, kept after a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { b, close } = await twoDevices(page, browser);
  await page.getByTestId('p2p-pair-make').click();
  const code = (await page.getByTestId('p2p-pair-code').textContent())!;
  expect(code).toMatch(/^[23456789ACDEFGHJKMNPQRTWXY]{6}$/);
  await expect(page.getByRole('img', { name: '配对二维码' })).toBeVisible();
  await b.getByTestId('p2p-pair-input').fill(code.toLowerCase().slice(0, 3) + '-' + code.toLowerCase().slice(3));
  await b.getByTestId('p2p-pair-join').click();
  for (const viewer of [page, b]) {
    const paired = viewer.getByTestId('p2p-device').filter({ hasText: `配对码 ${code}` });
    await expect(paired.getByTestId('p2p-device-link')).toHaveText('已连接', { timeout: 30_000 });
  }
  await b.reload();
  await expect(b.getByTestId('p2p-paired-code')).toContainText(code);
  await expect(
    b
      .getByTestId('p2p-device')
      .filter({ hasText: `配对码 ${code}` })
      .getByTestId('p2p-device-link'),
  ).toHaveText('已连接', {
    timeout: 30_000,
  });
  await b.getByTestId('p2p-pair-input').fill('OOOOOO');
  await b.getByTestId('p2p-pair-join').click();
  await expect(b.getByText('配对码是 6 位字母或数字')).toBeVisible();
  await b.getByTestId('p2p-pair-input').fill('222222');
  await b.getByTestId('p2p-pair-join').click();
  await expect(b.getByTestId('p2p-pair-problem')).toHaveText('配对码 222222 不存在或已过期。请在另一台设备上重新生成。');
  await close();
});

test('a receiver that vanishes mid-transfer leaves the sender with a clear message, not stuck', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { b, close } = await twoDevices(page, browser);
  const big = join(mkdtempSync(join(tmpdir(), 'baibao-p2p-')), 'big.bin');
  const block = randomBytes(1 << 20);
  writeFileSync(big, Buffer.concat(Array.from({ length: 200 }, () => block)));
  await page.getByTestId('p2p-files').setInputFiles(big);
  await b.getByTestId('p2p-accept').click();
  const sent = page.getByTestId('p2p-transfer').first();
  await expect(sent).toHaveAttribute('data-state', 'active');
  await b.close();
  await expect(sent).toHaveAttribute('data-state', 'paused', { timeout: 30_000 });
  await expect(sent.getByTestId('p2p-transfer-state')).toContainText('连接断开了');
  await sent.getByTestId('p2p-cancel').click();
  await expect(sent).toHaveAttribute('data-state', 'cancelled');
  await close();
});

test('a 200 MB file arrives hash-identical', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { b, close } = await twoDevices(page, browser);
  const big = join(mkdtempSync(join(tmpdir(), 'baibao-p2p-')), 'big.bin');
  // Varied blocks, so a chunk sent twice or out of place changes the hash.
  const blocks = Array.from({ length: 200 }, (_, i) => Buffer.concat([Buffer.from(`block ${i}\n`), randomBytes(1024)]));
  const whole = Buffer.alloc(200 * 1024 * 1024);
  for (let at = 0, i = 0; at < whole.length; i++) at += blocks[i % blocks.length]!.copy(whole, at);
  writeFileSync(big, whole);
  await page.getByTestId('p2p-files').setInputFiles(big);
  await b.getByTestId('p2p-accept').click();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 150_000 });
  await expect(received.getByTestId('p2p-file')).toContainText('校验通过');
  const [download] = await Promise.all([b.waitForEvent('download'), received.getByTestId('p2p-save').click()]);
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(whole));
  await close();
});

test('a dropped connection mid-transfer pauses it, and it resumes on the new link to a hash-identical file', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The sender's live socket goes through the test, which cuts it mid-transfer: the receiver sees the
  // sender leave and closes their link; the sender's page reconnects, both link again and resume.
  let socket: { close: () => Promise<void> } | undefined;
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    ws.connectToServer();
    socket = ws;
  });
  const { b, close } = await twoDevices(page, browser);
  const big = join(mkdtempSync(join(tmpdir(), 'baibao-p2p-')), 'resume.bin');
  const blocks = Array.from({ length: 100 }, (_, i) => Buffer.concat([Buffer.from(`resume ${i}\n`), randomBytes(4096)]));
  // Past the receiver's first two commits (15 and 30 MiB); the 200 MB size is the test above's point.
  const whole = Buffer.alloc(64 * 1024 * 1024);
  for (let at = 0, i = 0; at < whole.length; i++) at += blocks[i % blocks.length]!.copy(whole, at);
  writeFileSync(big, whole);
  await page.getByTestId('p2p-files').setInputFiles(big);
  await b.getByTestId('p2p-accept').click();
  const sent = page.getByTestId('p2p-transfer').first();
  // Every state the sender's row goes through, kept in the page: a short pause is not missed.
  await sent.evaluate((row) => {
    const states: string[] = [];
    (window as unknown as { p2pStates: string[] }).p2pStates = states;
    new MutationObserver(() => states.push(row.getAttribute('data-state') ?? '')).observe(row, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await expect(sent).toHaveAttribute('data-state', 'active');
  await socket!.close();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 150_000 });
  await expect(sent).toHaveAttribute('data-state', 'done');
  const states = await page.evaluate(() => (window as unknown as { p2pStates: string[] }).p2pStates);
  expect(states).toContain('paused');
  // One offer, resumed: not a second transfer.
  await expect(b.getByTestId('p2p-transfer')).toHaveCount(1);
  await expect(received.getByTestId('p2p-file')).toContainText('校验通过');
  const [download] = await Promise.all([b.waitForEvent('download'), received.getByTestId('p2p-save').click()]);
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(whole));
  await close();
});

test('a transfer cancelled while the link is down is cancelled on the other device once they link again', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const live = await cuttableLive(page);
  const { b, nameA, close } = await twoDevices(page, browser);
  const { path } = bigFile('cancel.bin', 200);
  await page.getByTestId('p2p-files').setInputFiles(path);
  await b.getByTestId('p2p-accept').click();
  const sent = page.getByTestId('p2p-transfer').first();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(sent).toHaveAttribute('data-state', 'active');
  await live.cut();
  await expect(sent).toHaveAttribute('data-state', 'paused', { timeout: 30_000 });
  await expect(received).toHaveAttribute('data-state', 'paused', { timeout: 30_000 });
  await sent.getByTestId('p2p-cancel').click();
  await expect(sent).toHaveAttribute('data-state', 'cancelled');
  // The cancel went nowhere; the receiver hears it on the new link instead of waiting for ever.
  live.restore();
  await expect(b.getByTestId('p2p-device').filter({ hasText: nameA }).getByTestId('p2p-device-link')).toHaveText('已连接', {
    timeout: 60_000,
  });
  await expect(received).toHaveAttribute('data-state', 'cancelled', { timeout: 30_000 });
  await expect(received.getByTestId('p2p-transfer-state')).toHaveText('对方取消了传输');
  await close();
});

test('an offer cut off before its answer is shown once, and accepted on the new link it arrives identical', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const live = await cuttableLive(page);
  const { b, nameA, close } = await twoDevices(page, browser);
  const bytes = randomBytes(1024 * 1024 + 3);
  await page.getByTestId('p2p-files').setInputFiles([{ name: 'again.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
  await expect(b.getByTestId('p2p-offer')).toContainText(`${nameA} 想发送 1 个文件`);
  const sent = page.getByTestId('p2p-transfer').first();
  await live.cut();
  await expect(sent).toHaveAttribute('data-state', 'paused', { timeout: 30_000 });
  live.restore();
  // On the new link the sender offers again, the same transfer.
  await expect(sent).toHaveAttribute('data-state', 'offered', { timeout: 60_000 });
  await b.getByTestId('p2p-accept').click();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(sent).toHaveAttribute('data-state', 'done');
  // Every chunk came after the repeated offer on the same ordered channel: it has been seen by now.
  await expect(b.getByTestId('p2p-transfer')).toHaveCount(1);
  await expect(b.getByTestId('p2p-offer')).toHaveCount(0);
  const [download] = await Promise.all([b.waitForEvent('download'), received.getByTestId('p2p-save').click()]);
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(bytes));
  await close();
});

/**
 * Holds the page's data channel after `limit` chunk frames: from then on nothing more leaves on it,
 * text included (a file end must not overtake the held chunks), as if the network stalled. Other
 * channels (the links made after a reload) pass, and so does every channel once the page reloads
 * in the same tab. `resent` counts the bytes of chunk frames sent on them.
 */
function holdAfterChunks(limit: number) {
  if (sessionStorage.getItem('p2p-held')) return;
  const native = RTCDataChannel.prototype.send;
  const state = { sent: 0, held: undefined as RTCDataChannel | undefined, resent: 0 };
  (window as unknown as { p2pHold: typeof state }).p2pHold = state;
  RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: string | ArrayBufferView | ArrayBuffer | Blob) {
    if (state.held === this) return;
    if (typeof data !== 'string') {
      if (state.held) state.resent += data instanceof Blob ? data.size : data.byteLength;
      else if (++state.sent > limit) {
        state.held = this;
        sessionStorage.setItem('p2p-held', '1');
        return;
      }
    }
    native.call(this, data as never);
  } as RTCDataChannel['send'];
}

const held = (page: Page) => page.evaluate(() => (window as unknown as { p2pHold: { held?: unknown } }).p2pHold?.held !== undefined);
const resentBytes = (page: Page) => page.evaluate(() => (window as unknown as { p2pHold: { resent: number } }).p2pHold.resent);

/** The receiver's kept checkpoint (bytes of the file on disk) in the page's IndexedDB, once there is one. */
const keptAcked = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number | undefined>((resolve) => {
        const open = indexedDB.open('P2pTransfers');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('transfer')) return resolve(undefined);
          const all = db.transaction('transfer').objectStore('transfer').getAll();
          all.onsuccess = () => resolve((all.result as { checkpoint?: { acked: number } }[])[0]?.checkpoint?.acked);
          all.onerror = () => resolve(undefined);
        };
      }),
  );

const CHUNK = 60 * 1024;
/** Payload and 22-byte headers of the chunks that carry bytes [from, size). */
const framesFrom = (from: number, size: number) => size - from + 22 * Math.ceil((size - from) / CHUNK);

test('the receiver’s page reloaded mid-transfer: it continues from its last checkpoint to a hash-identical file', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(holdAfterChunks, 32);
  const { b, close } = await twoDevices(page, browser);
  const bytes = randomBytes(4 * 1024 * 1024 + 5);
  await page.getByTestId('p2p-files').setInputFiles([{ name: 'reload.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
  await b.getByTestId('p2p-accept').click();
  // The stream stalls after 32 chunks; the receiver commits what it has and keeps its place.
  await expect.poll(() => held(page), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => keptAcked(b), { timeout: 30_000 }).toBe(32 * CHUNK);
  await b.reload();
  const received = b.getByTestId('p2p-transfer');
  await expect(received).toHaveCount(1);
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'done');
  await expect(received.getByTestId('p2p-file')).toContainText('校验通过');
  // Only what lay past the checkpoint went again.
  expect(await resentBytes(page)).toBe(framesFrom(32 * CHUNK, bytes.length));
  const [download] = await Promise.all([b.waitForEvent('download'), received.getByTestId('p2p-save').click()]);
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(bytes));
  await close();
});

test(
  'the sender’s page reloaded mid-transfer: a different file is refused, the same file picked again continues to a hash-identical file',
  { tag: '@extended' },
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.addInitScript(holdAfterChunks, 32);
    const { b, close } = await twoDevices(page, browser);
    const bytes = randomBytes(4 * 1024 * 1024 + 5);
    const file = { name: 'again.bin', mimeType: 'application/octet-stream', buffer: bytes };
    await page.getByTestId('p2p-files').setInputFiles([file]);
    await b.getByTestId('p2p-accept').click();
    const received = b.getByTestId('p2p-transfer').first();
    await expect.poll(() => held(page), { timeout: 30_000 }).toBe(true);
    await page.reload();
    const sent = page.getByTestId('p2p-transfer').first();
    await expect(sent.getByTestId('p2p-transfer-state')).toHaveText('等待重新选择文件');
    // Same name and size, other bytes: refused, nothing sent.
    const other = Buffer.from(bytes);
    other[0] = other[0]! ^ 0xff;
    await sent.getByTestId('p2p-repick').setInputFiles([{ ...file, buffer: other }]);
    await expect(sent.getByTestId('p2p-repick-mismatch')).toContainText('这不是中断时发送的文件：again.bin');
    await sent.getByTestId('p2p-repick').setInputFiles([file]);
    await expect(received).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(sent).toHaveAttribute('data-state', 'done');
    await expect(b.getByTestId('p2p-transfer')).toHaveCount(1);
    await expect(received.getByTestId('p2p-file')).toContainText('校验通过');
    const [download] = await Promise.all([b.waitForEvent('download'), received.getByTestId('p2p-save').click()]);
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(bytes));
    await close();
  },
);

test('received files stay listed after a reload, take shown space, and are deleted one by one or all (unsaved only after a second click)', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { b, close } = await twoDevices(page, browser);
  const files = [
    { name: 'kept.bin', mimeType: 'application/octet-stream', buffer: randomBytes(300 * 1024) },
    { name: 'other.bin', mimeType: 'application/octet-stream', buffer: randomBytes(200 * 1024) },
    { name: 'last.bin', mimeType: 'application/octet-stream', buffer: randomBytes(100 * 1024) },
  ];
  await page.getByTestId('p2p-files').setInputFiles(files);
  await b.getByTestId('p2p-accept').click();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const use = b.getByTestId('p2p-storage-use');
  await expect(use).toHaveText('收到的文件在浏览器存储中占用 600 KB');
  const row = (name: string) => received.getByTestId('p2p-file').filter({ hasText: name });

  // Saved first: deleted at once.
  const [download] = await Promise.all([b.waitForEvent('download'), row('kept.bin').getByTestId('p2p-save').click()]);
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(files[0]!.buffer));
  await expect(row('kept.bin')).toContainText('已保存');
  await row('kept.bin').getByTestId('p2p-delete').click();
  await expect(row('kept.bin')).toHaveCount(0);
  await expect(use).toHaveText('收到的文件在浏览器存储中占用 300 KB');
  // Never saved: asks first; kept when the user says so.
  await row('other.bin').getByTestId('p2p-delete').click();
  await expect(row('other.bin').getByTestId('p2p-delete-confirm')).toContainText('这个文件还没有保存，删除后无法找回。');
  await row('other.bin').getByTestId('p2p-delete-keep').click();
  await row('other.bin').getByTestId('p2p-delete').click();
  await row('other.bin').getByTestId('p2p-delete-anyway').click();
  await expect(row('other.bin')).toHaveCount(0);

  await b.reload();
  await expect(b.getByTestId('p2p-file')).toHaveCount(1);
  await expect(row('last.bin')).toHaveAttribute('data-state', 'done');
  await expect(use).toHaveText('收到的文件在浏览器存储中占用 100 KB');
  await b.getByTestId('p2p-storage-clear').click();
  await expect(b.getByTestId('p2p-storage')).toContainText('有 1 个文件还没有保存，清空后无法找回。');
  await b.getByTestId('p2p-storage-clear-anyway').click();
  await expect(use).toHaveText('浏览器存储中没有收到的文件');
  await expect(b.getByTestId('p2p-transfer')).toHaveCount(0);
  // Gone from the browser's storage itself, not only from the list.
  const left = await b.evaluate(async () => {
    const inbox = await (await navigator.storage.getDirectory()).getDirectoryHandle('p2p-received', { create: true });
    const names: string[] = [];
    for await (const name of (inbox as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    return names;
  });
  expect(left).toEqual([]);
  await b.reload();
  await expect(use).toHaveText('浏览器存储中没有收到的文件');
  await close();
});
