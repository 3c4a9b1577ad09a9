import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcChannel, IpcInput, IpcResult } from '@shared/contracts/ipc';
import { createTokenStore } from '../adapters/token-store';
import { createHlsFetcher } from '../adapters/hls-fetch';
import { isAppUrl } from '../protocol/app-url';
import { createNativeApi } from '../../preload/api';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import type { HlsDependencies } from './capabilities/hls';
import { registerIpc } from './register';

// The hls:* and hls-mp4:* channels as the page reaches them: the real preload API over a fake
// ipcMain into main's real handlers, a loopback server as the video host, the system's ffmpeg.

const PAGE = 'app://baibao/m3u8/downloader';
const PLAYLIST = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg0.ts\n#EXT-X-ENDLIST\n';
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFfmpeg) console.warn('hls.test: the MP4 cases are skipped, ffmpeg not found (apt-get install ffmpeg)');

let dir: string;
let host: Server;
let base: string;
/** Requests for /stall the host got, and those that stopped before their answer ended (the cancel reached main's fetch). */
let stalled = 0;
let closedEarly = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-hls-ipc-'));
  host = createServer((req, res) => {
    if (req.url === '/master/index.m3u8') {
      res.writeHead(302, { Location: '/media/index.m3u8' });
      return void res.end();
    }
    if (req.url === '/media/index.m3u8') return void res.end(PLAYLIST);
    if (req.url === '/range') {
      res.writeHead(206);
      return void res.end(`asked ${req.headers.range}`);
    }
    if (req.url === '/stall') {
      res.writeHead(200);
      res.write('x');
      stalled += 1;
      res.on('close', () => {
        if (!res.writableFinished) closedEarly += 1;
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  host.closeAllConnections();
  await new Promise<void>((resolve) => host.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

function setup(hls: HlsDependencies = {}) {
  const ipc = new FakeIpcMain();
  const jobs = registerIpc(ipc, {
    version: '9.9.9',
    isTrustedSender: isAppUrl,
    tokens: createTokenStore({ file: join(dir, 'tokens.bin'), cipher: createTestCipher(), warn: () => undefined }),
    hls: { fetcher: createHlsFetcher({ timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 2 }), ...hls },
  });
  const sender = new FakeSender(1);
  const invoke = <C extends IpcChannel>(channel: C, args: IpcInput<C>) => ipc.invoke(channel, PAGE, sender, args) as Promise<IpcResult<C>>;
  const native = createNativeApi({ invoke, on: () => () => undefined, getPathForFile: () => '', apiUrl: '' });
  return { ipc, sender, native, jobs };
}

describe('hls:fetch across the bridge', () => {
  it('fetches a playlist after a redirect and names where it ended, and passes Range on', async () => {
    const { native } = setup();
    const answer = await native.hls.fetch(`${base}/master/index.m3u8`, undefined, 'job-1');
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${base}/media/index.m3u8`);
    expect(new TextDecoder().decode(answer.bytes)).toBe(PLAYLIST);
    const ranged = await native.hls.fetch(`${base}/range`, 'bytes=10-19', 'job-2');
    expect(new TextDecoder().decode(ranged.bytes)).toBe('asked bytes=10-19');
    expect((await native.hls.fetch(`${base}/gone.ts`, undefined, 'job-3')).status).toBe(404);
  });

  it('stops main’s download when the page cancels its request id', async () => {
    const { native } = setup();
    const [asked, closed] = [stalled, closedEarly];
    const pending = native.hls.fetch(`${base}/stall`, undefined, 'stalled');
    const outcome = pending.catch((error: unknown) => error);
    // Cancelled once the host is sending: the host sees the connection go.
    await expect.poll(() => stalled - asked, { timeout: 5000 }).toBe(1);
    await native.hls.cancel('stalled');
    expect(String(await outcome)).toContain('hls cancelled');
    await expect.poll(() => closedEarly - closed, { timeout: 5000 }).toBe(1);
  });

  it('refuses bad arguments before fetching anything', async () => {
    const { ipc, sender } = setup();
    const call = (args: unknown) => ipc.invoke('hls:fetch', PAGE, sender, args);
    await expect(call({ jobId: 'a', url: 'file:///etc/passwd' })).rejects.toThrow('invalid arguments');
    await expect(call({ jobId: 'a', url: 'javascript:alert(1)' })).rejects.toThrow('invalid arguments');
    await expect(call({ jobId: 'a', url: `${base}/range`, range: 'bytes=0-1\r\nX-Evil: 1' })).rejects.toThrow('invalid arguments');
    await expect(call({ jobId: '', url: `${base}/range` })).rejects.toThrow('invalid arguments');
    await expect(ipc.invoke('hls:fetch', 'https://evil.example/', sender, { jobId: 'a', url: `${base}/range` })).rejects.toThrow('refused');
  });
});

describe('hls-mp4 across the bridge', () => {
  it('says there is no ffmpeg, and refuses to open, when none is found', async () => {
    const { native } = setup({ findFfmpeg: async () => undefined, chooseSavePath: async () => join(dir, 'never.mp4') });
    expect(await native.hlsMp4.ffmpeg()).toBeUndefined();
    await expect(native.hlsMp4.open('video.mp4')).rejects.toThrow('ffmpeg was not found');
  });

  it('refuses a path for a name, a non-.mp4 name, bytes that are not bytes, and an unknown id', async () => {
    const { ipc, sender, native } = setup({ chooseSavePath: async () => join(dir, 'x.mp4') });
    await expect(ipc.invoke('hls-mp4:open', PAGE, sender, { suggestedName: '../../.bashrc.mp4' })).rejects.toThrow('invalid arguments');
    await expect(ipc.invoke('hls-mp4:open', PAGE, sender, { suggestedName: 'video.sh' })).rejects.toThrow('invalid arguments');
    await expect(ipc.invoke('hls-mp4:write', PAGE, sender, { id: 'mp4-1', bytes: 'AAAA' })).rejects.toThrow('invalid arguments');
    await expect(ipc.invoke('hls-mp4:write', PAGE, sender, { id: 'mp4-1', bytes: [1, 2, 3] })).rejects.toThrow('invalid arguments');
    await expect(native.hlsMp4.write('mp4-99', new Uint8Array(4))).rejects.toThrow('no MP4 being written');
  });

  it('gives undefined when the user closes the save dialog', async () => {
    const { native } = setup({ findFfmpeg: async () => ({ path: 'ffmpeg', version: '7' }), chooseSavePath: async () => undefined });
    expect(await native.hlsMp4.open('video.mp4')).toBeUndefined();
  });

  it.skipIf(!hasFfmpeg)('writes an MP4 from streamed MPEG-TS, and removes the partial file of a page that goes away', async () => {
    const input = join(dir, 'in.ts');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=25:duration=8'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts', input],
    ]);
    const ts = readFileSync(input);
    const output = join(dir, 'video.mp4');
    const { native, sender } = setup({ chooseSavePath: async (name) => join(dir, name) });
    const opened = await native.hlsMp4.open('video.mp4');
    expect(opened?.path).toBe(output);
    for (let at = 0; at < ts.length; at += 50_000) await native.hlsMp4.write(opened!.id, ts.subarray(at, at + 50_000));
    expect(await native.hlsMp4.close(opened!.id)).toEqual({ path: output, bytes: readFileSync(output).length });
    const duration = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', output], { encoding: 'utf8' }),
    );
    expect(duration).toBeGreaterThan(7.9);

    const partial = await native.hlsMp4.open('partial.mp4');
    await native.hlsMp4.write(partial!.id, ts.subarray(0, ts.length - 1000));
    // ffmpeg has the file open (past its probing) before the page goes.
    await expect.poll(() => existsSync(join(dir, 'partial.mp4')), { timeout: 10_000 }).toBe(true);
    sender.navigate({ isMainFrame: true, isSameDocument: false });
    await expect.poll(() => existsSync(join(dir, 'partial.mp4')), { timeout: 5000 }).toBe(false);

    const { native: again } = setup({ chooseSavePath: async () => join(dir, 'cancelled.mp4') });
    const cancelled = await again.hlsMp4.open('cancelled.mp4');
    await again.hlsMp4.write(cancelled!.id, ts.subarray(0, ts.length - 1000));
    await expect.poll(() => existsSync(join(dir, 'cancelled.mp4')), { timeout: 10_000 }).toBe(true);
    await again.hlsMp4.abort(cancelled!.id);
    expect(existsSync(join(dir, 'cancelled.mp4'))).toBe(false);

    // The app quitting mid-way: main stops its jobs and waits, and the partial file goes with them.
    const quitting = setup({ chooseSavePath: async () => join(dir, 'quit.mp4') });
    const atQuit = await quitting.native.hlsMp4.open('quit.mp4');
    await quitting.native.hlsMp4.write(atQuit!.id, ts.subarray(0, ts.length - 1000));
    await expect.poll(() => existsSync(join(dir, 'quit.mp4')), { timeout: 10_000 }).toBe(true);
    await quitting.jobs.stopAll(10_000);
    expect(existsSync(join(dir, 'quit.mp4'))).toBe(false);
    expect(quitting.jobs.size).toBe(0);
  });
});
