// The loopback host both m3u8 benches download from (`bench:m3u8` in Node, `bench:m3u8-page` in
// Chromium): `/<n>/index.m3u8` lists n synthetic segments of 2 MB, `/<n>/seg<i>.ts` is one of them
// and `/<n>/whole.bin` sends the same n × 2 MB as one file, the reference. Every segment is the same
// buffer in memory (nothing on disk; TS sync bytes every 188, the rest varied, so no layer can
// shortcut the bytes, though they do not decode). It runs in a child process of its own, so neither
// its memory nor its CPU is counted against what a bench measures.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const SEGMENT_BYTES = 2 * 1024 * 1024;

function serve(): void {
  const segment = Buffer.alloc(SEGMENT_BYTES);
  for (let at = 0; at < segment.length; at += 1) segment[at] = at % 188 === 0 ? 0x47 : (at * 7919) & 0xff;
  const server = createServer((req, res) => {
    const [, count, name] = /^\/(\d+)\/(.+)$/.exec(req.url ?? '') ?? [];
    const n = Number(count);
    if (name === 'index.m3u8') {
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:0'];
      for (let i = 0; i < n; i += 1) lines.push('#EXTINF:4.0,', `seg${i}.ts`);
      lines.push('#EXT-X-ENDLIST');
      return void res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(lines.join('\n'));
    }
    if (name?.startsWith('seg'))
      return void res.writeHead(200, { 'Content-Type': 'video/mp2t', 'Content-Length': segment.length }).end(segment);
    if (name === 'whole.bin') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': segment.length * n });
      let sent = 0;
      const more = () => {
        while (sent < n) {
          sent += 1;
          if (!res.write(segment)) return void res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  // A bench that dies without killing its host must not leave it listening.
  process.once('disconnect', () => process.exit(0));
}

/** Starts the host in a child (run under tsx, as the benches are) and answers its origin. */
export function startHlsHost(): Promise<{ origin: string; child: ChildProcess }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ origin: `http://127.0.0.1:${(message as { port: number }).port}`, child }));
    child.once('exit', (code) => reject(new Error(`the HLS host exited with ${code}`)));
  });
}

if (process.argv[2] === '--serve' && process.argv[1] === fileURLToPath(import.meta.url)) serve();
