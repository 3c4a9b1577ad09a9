import { createCipheriv, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSegmentLoader, parsePlaylist, planDownload } from '@shared/m3u8';
import type { FetchLike, M3u8Media } from '@shared/m3u8';
import { createHlsFetcher } from './hls-fetch';
import type { HlsFetchOptions } from './hls-fetch';

// Main's direct fetch against a loopback server: a playlist with an AES-128 key and BYTERANGE
// segments read through the m3u8 core, plus the limits (redirects, size, time, abort, http only).

const KEY = randomBytes(16);
/** One file holding both segments; the playlist names them by byte range. */
const PLAIN = [Buffer.alloc(3000, 1), Buffer.alloc(2000, 2)];
const ivOf = (sequence: number) => {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(sequence, 12);
  return iv;
};
const encrypt = (data: Buffer, sequence: number) => {
  const cipher = createCipheriv('aes-128-cbc', KEY, ivOf(sequence));
  return Buffer.concat([cipher.update(data), cipher.final()]);
};
const SEGMENTS = PLAIN.map((data, index) => encrypt(data, index));
const FILE = Buffer.concat(SEGMENTS);
const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:4',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-KEY:METHOD=AES-128,URI="key.bin"',
  `#EXT-X-BYTERANGE:${SEGMENTS[0]!.length}@0`,
  '#EXTINF:4.0,',
  'all.ts',
  `#EXT-X-BYTERANGE:${SEGMENTS[1]!.length}@${SEGMENTS[0]!.length}`,
  '#EXTINF:2.5,',
  'all.ts',
  '#EXT-X-ENDLIST',
].join('\n');

let server: Server;
let base: string;
const ranges: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/media.m3u8') return void res.end(PLAYLIST);
    if (path === '/gzip.m3u8' || path === '/gzip-big.bin') {
      // Content-Length is the compressed size: the body read is longer (or shorter) than declared.
      const body = gzipSync(path === '/gzip.m3u8' ? PLAYLIST : FILE.toString('hex'));
      res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      return void res.end(body);
    }
    if (path === '/key.bin') return void res.end(KEY);
    if (path === '/all.ts' || path === '/no-range.ts') {
      ranges.push(req.headers.range);
      const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (!match || path === '/no-range.ts') return void res.end(FILE);
      const [start, end] = [Number(match[1]), Number(match[2])];
      res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${FILE.length}` });
      return void res.end(FILE.subarray(start, end + 1));
    }
    if (path === '/loop') {
      res.writeHead(302, { Location: '/loop' });
      return void res.end();
    }
    if (path === '/hop') {
      res.writeHead(301, { Location: '/media.m3u8' });
      return void res.end();
    }
    if (path === '/to-file') {
      res.writeHead(302, { Location: 'file:///etc/passwd' });
      return void res.end();
    }
    if (path === '/big-declared') {
      res.writeHead(200, { 'Content-Length': 10_000 });
      return void res.end(Buffer.alloc(10_000));
    }
    if (path === '/big-chunked') {
      res.writeHead(200);
      for (let i = 0; i < 5; i += 1) res.write(Buffer.alloc(3000));
      return void res.end();
    }
    if (path === '/silent') {
      // Headers, one chunk, then nothing: only the silence limit ends it.
      res.writeHead(200);
      res.write('x');
      return;
    }
    res.statusCode = 404;
    res.end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const limits: HlsFetchOptions = { timeoutMs: 500, maxBytes: 8192, maxRedirects: 2 };

/** The fetcher as the page's FetchLike sees it through the bridge (native.ts does this in the app). */
function asFetchLike(fetcher: ReturnType<typeof createHlsFetcher>): FetchLike {
  return async (url, init) => {
    const range = init.headers?.Range;
    const answer = await fetcher(url, { ...(init.signal ? { signal: init.signal } : {}), ...(range ? { range } : {}) });
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, arrayBuffer: async () => answer.bytes.slice().buffer };
  };
}

describe('hls fetch in main', () => {
  it('reads a playlist, its AES-128 key and BYTERANGE segments through the core, decrypted', async () => {
    const fetcher = createHlsFetcher(limits);
    const playlist = await fetcher(`${base}/media.m3u8`);
    const media = parsePlaylist(new TextDecoder().decode(playlist.bytes), playlist.url) as M3u8Media;
    const plan = planDownload(media, {});
    const load = createSegmentLoader(asFetchLike(fetcher));
    const signal = new AbortController().signal;
    ranges.length = 0;
    const loaded = await Promise.all(plan.segments.map((segment) => load(segment, signal)));
    expect(loaded.map((bytes) => Buffer.from(bytes))).toEqual(PLAIN);
    expect(ranges).toEqual([`bytes=0-${SEGMENTS[0]!.length - 1}`, `bytes=${SEGMENTS[0]!.length}-${FILE.length - 1}`]);
  });

  it('reads a compressed answer whole, whatever its declared length says', async () => {
    const fetcher = createHlsFetcher({ ...limits, maxBytes: 1024 * 1024 });
    expect(new TextDecoder().decode((await fetcher(`${base}/gzip.m3u8`)).bytes)).toBe(PLAYLIST);
    expect(new TextDecoder().decode((await fetcher(`${base}/gzip-big.bin`)).bytes)).toBe(FILE.toString('hex'));
  });

  it('cuts the range itself when the server ignores Range, and answers 206', async () => {
    const answer = await createHlsFetcher(limits)(`${base}/no-range.ts`, { range: `bytes=${SEGMENTS[0]!.length}-${FILE.length - 1}` });
    expect(answer.status).toBe(206);
    expect(Buffer.from(answer.bytes)).toEqual(SEGMENTS[1]);
  });

  it('follows redirects up to the limit and names the final address', async () => {
    const answer = await createHlsFetcher(limits)(`${base}/hop`);
    expect(answer).toMatchObject({ status: 200, url: `${base}/media.m3u8` });
    await expect(createHlsFetcher(limits)(`${base}/loop`)).rejects.toThrow('hls tooManyRedirects');
  });

  it('refuses anything but http(s), also as a redirect target', async () => {
    await expect(createHlsFetcher(limits)('file:///etc/passwd')).rejects.toThrow('hls badUrl');
    await expect(createHlsFetcher(limits)(`${base}/to-file`)).rejects.toThrow('hls badUrl');
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    await expect(createHlsFetcher(limits)(`${base}/big-declared`)).rejects.toThrow('hls tooLarge');
    await expect(createHlsFetcher(limits)(`${base}/big-chunked`)).rejects.toThrow('hls tooLarge');
  });

  it('gives a non-2xx status back without a body, and says unreachable and timeout apart', async () => {
    expect(await createHlsFetcher(limits)(`${base}/nothing-here`)).toMatchObject({ status: 404, bytes: new Uint8Array() });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(createHlsFetcher(limits)(`http://127.0.0.1:${port}/`)).rejects.toThrow('hls unreachable');
    await expect(createHlsFetcher(limits)(`${base}/silent`)).rejects.toThrow('hls timeout');
  });

  it('stops when aborted, and never starts when aborted before', async () => {
    const controller = new AbortController();
    const pending = createHlsFetcher({ ...limits, timeoutMs: 10_000 })(`${base}/silent`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow('hls cancelled');
    await expect(createHlsFetcher(limits)(`${base}/media.m3u8`, { signal: AbortSignal.abort() })).rejects.toThrow('hls cancelled');
  });
});
