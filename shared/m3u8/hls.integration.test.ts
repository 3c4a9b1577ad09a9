/**
 * The whole core against a real stream: Debian ffmpeg makes a VOD HLS stream (a master with two
 * variants: one AES-128 with a key URI, one as byte ranges of a single file), a node http server
 * serves it on loopback, and the core parses, plans, downloads, decrypts and writes it; ffprobe
 * then reads what was written.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeHlsMaster, probe } from '../../e2e/hls-fixture';
import { M3u8Error } from './errors';
import { createSegmentLoader, type FetchLike } from './loader';
import { planDownload, type DownloadPlan } from './plan';
import { parsePlaylist, type M3u8Media } from './playlist';
import { createScheduler, type Progress } from './scheduler';

const seconds = 6;

let dir = '';
let server: Server | undefined;
let base = '';
/** Requests by path, and how many times a path should still answer 503 before it works. */
const requests: Array<{ path: string; range: string | undefined; status: number }> = [];
const failures = new Map<string, number>();

beforeAll(async () => {
  if (!hasFfmpeg) return;
  dir = mkdtempSync(join(tmpdir(), 'm3u8-hls-'));
  makeHlsMaster(dir, { seconds, lowSingleFile: true });
  writeFileSync(join(dir, 'page.m3u8'), '<!DOCTYPE html><html><body>Please log in</body></html>');

  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const range = request.headers.range;
    const answer = (status: number, body?: Buffer, headers: Record<string, string> = {}) => {
      requests.push({ path, range, status });
      response.writeHead(status, headers).end(body);
    };
    const left = failures.get(path) ?? 0;
    if (left > 0) {
      failures.set(path, left - 1);
      return answer(503);
    }
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || path.endsWith('/')) return answer(404);
    const body = readFileSync(file);
    const match = /^bytes=(\d+)-(\d+)$/.exec(range ?? '');
    if (!match) return answer(200, body);
    const [start, end] = [Number(match[1]), Number(match[2])];
    return answer(206, body.subarray(start, end + 1), { 'Content-Range': `bytes ${start}-${end}/${body.length}` });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const realFetch: FetchLike = (url, init) => fetch(url, init);

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  return response.text();
}

async function media(url: string): Promise<M3u8Media> {
  const parsed = parsePlaylist(await text(url), url);
  if (parsed.kind !== 'media') throw new Error('expected a media playlist');
  return parsed;
}

/** Downloads a plan into a file segment by segment, as the page and desktop main will. */
async function download(plan: DownloadPlan, out: string): Promise<Progress> {
  writeFileSync(out, '');
  const run = createScheduler({
    segments: plan.segments,
    load: createSegmentLoader(realFetch),
    write: (data) => appendFileSync(out, data),
    retryDelayMs: 0,
  });
  return run.finished;
}

describe.skipIf(!hasFfmpeg)('HLS download end to end (ffmpeg stream on loopback)', () => {
  it('lists both variants of the master, downloads the AES-128 one through a flaky segment and ffprobe reads all of it', async () => {
    const master = parsePlaylist(await text(`${base}/master.m3u8`), `${base}/master.m3u8`);
    if (master.kind !== 'master') throw new Error('expected a master playlist');
    expect(master.variants.map((v) => [v.uri, v.width, v.height, v.bandwidth])).toEqual([
      [`${base}/high/index.m3u8`, 320, 240, 900000],
      [`${base}/low/index.m3u8`, 160, 120, 300000],
    ]);

    const high = await media(master.variants[0]!.uri);
    const plan = planDownload(high);
    expect(plan.keyUris).toEqual([`${base}/keys/high.key`]);
    expect(plan.duration).toBeCloseTo(seconds, 0);
    // Segment 2 answers 503 twice, then works: retried without anyone clicking.
    failures.set('/high/seg2.ts', 2);
    requests.length = 0;
    const out = join(dir, 'high.ts');
    const final = await download(plan, out);
    expect(final).toMatchObject({ status: 'complete', failed: 0, written: plan.segments.length });
    expect(requests.filter((r) => r.path === '/high/seg2.ts').map((r) => r.status)).toEqual([503, 503, 200]);
    expect(requests.filter((r) => r.path === '/keys/high.key')).toHaveLength(1);

    const probed = probe(out);
    expect(probed.streams).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - seconds)).toBeLessThan(0.5);
  });

  it('downloads the byte-range variant with Range requests, and a range of segments only', async () => {
    const low = await media(`${base}/low/index.m3u8`);
    expect(low.segments.every((s) => s.byterange !== undefined)).toBe(true);
    requests.length = 0;
    const whole = join(dir, 'low.ts');
    expect((await download(planDownload(low), whole)).status).toBe('complete');
    expect(requests.every((r) => r.status === 206 && r.range?.startsWith('bytes='))).toBe(true);
    expect(readFileSync(whole).equals(readFileSync(join(dir, 'low', 'index.ts')))).toBe(true);
    const full = probe(whole);
    expect(full.streams).toEqual(['audio', 'video']);
    expect(Math.abs(full.duration - seconds)).toBeLessThan(0.5);

    const part = join(dir, 'low-part.ts');
    expect((await download(planDownload(low, { from: 1, to: 3 }), part)).status).toBe('complete');
    expect(Math.abs(probe(part).duration - 3)).toBeLessThan(0.5);
  });

  it('reports a key that answers 404 as a key error with its status, and an HTML page as not a playlist', async () => {
    const url = `${base}/high/index.m3u8`;
    const broken = parsePlaylist((await text(url)).replace('/keys/high.key', '/keys/missing.key'), url);
    if (broken.kind !== 'media') throw new Error('expected a media playlist');
    const run = createScheduler({
      segments: planDownload(broken).segments,
      load: createSegmentLoader(realFetch),
      write: () => {},
      retryDelayMs: 0,
      attempts: 1,
    });
    for (let i = 0; i < 2000 && run.progress().status !== 'stalled'; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(run.progress().status).toBe('stalled');
    expect(run.states().every((state) => state === 'failed')).toBe(true);
    expect(run.errorOf(0)).toMatchObject({ code: 'key', status: 404, url: `${base}/keys/missing.key` });
    run.cancel();

    expect(() => parsePlaylist('', `${base}/page.m3u8`)).toThrow(M3u8Error);
    const page = await text(`${base}/page.m3u8`);
    expect(() => parsePlaylist(page, `${base}/page.m3u8`)).toThrow(expect.objectContaining({ code: 'html' }) as M3u8Error);
  });
});

if (!hasFfmpeg) console.log('ffmpeg/ffprobe not found: the HLS end-to-end test is skipped');
