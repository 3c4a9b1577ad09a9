import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, startMp4 } from './ffmpeg-mp4';

// The real ffmpeg of the system (Debian's in CI): an MPEG-TS it makes here is streamed in chunks
// into startMp4, and ffprobe reads the MP4. Skipped with a message where there is no ffmpeg.

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
    execFileSync('ffprobe', ['-hide_banner', '-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFfmpeg) console.warn('ffmpeg-mp4.test: skipped, ffmpeg/ffprobe not found (apt-get install ffmpeg)');

let dir: string;
let ts: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-ffmpeg-mp4-'));
  if (!hasFfmpeg) return;
  const input = join(dir, 'in.ts');
  // 10 s of video and audio as HLS carries them (H.264 + AAC in MPEG-TS): longer than ffmpeg's
  // 5 s of probing, so it opens its output before the stream ends.
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=25:duration=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ...['-f', 'mpegts', input],
  ]);
  ts = readFileSync(input);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(path: string): { duration: number; streams: string[] } {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,format_name:stream=codec_type', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as { format: { duration: string; format_name: string }; streams: { codec_type: string }[] };
  expect(out.format.format_name).toContain('mp4');
  return { duration: Number(out.format.duration), streams: out.streams.map((stream) => stream.codec_type).sort() };
}

describe.skipIf(!hasFfmpeg)('ffmpeg MP4 from streamed MPEG-TS', () => {
  it('finds the system ffmpeg and its version, FFMPEG_PATH first, and nothing where there is none', async () => {
    const found = await findFfmpeg({ PATH: process.env.PATH });
    expect(found?.path).toMatch(/ffmpeg$/);
    expect(found?.version).toMatch(/\S/);
    expect(await findFfmpeg({ FFMPEG_PATH: found!.path, PATH: '' })).toEqual(found);
    expect(await findFfmpeg({ PATH: '' })).toBeUndefined();
    expect(await findFfmpeg({ FFMPEG_PATH: join(dir, 'no-such-ffmpeg'), PATH: process.env.PATH })).toBeUndefined();
    // Something executable that is not ffmpeg is no ffmpeg either.
    const fake = join(dir, 'ffmpeg');
    writeFileSync(fake, '#!/bin/sh\necho hello\n');
    chmodSync(fake, 0o755);
    expect(await findFfmpeg({ PATH: dir })).toBeUndefined();
  });

  it('copies the streams into an MP4 that ffprobe reads with the duration and both streams', async () => {
    const output = join(dir, 'out.mp4');
    const writer = startMp4('ffmpeg', output);
    // Odd-sized chunks, as segments cut the stream anywhere.
    for (let at = 0; at < ts.length; at += 65_537) await writer.write(ts.subarray(at, at + 65_537));
    const result = await writer.close();
    expect(result).toEqual({ path: output, bytes: readFileSync(output).length });
    const { duration, streams } = probe(output);
    expect(duration).toBeGreaterThan(9.9);
    expect(duration).toBeLessThan(10.2);
    expect(streams).toEqual(['audio', 'video']);
  });

  it('removes the partial file when aborted half-way', async () => {
    const output = join(dir, 'aborted.mp4');
    const writer = startMp4('ffmpeg', output);
    await writer.write(ts.subarray(0, ts.length - 1000));
    await expect.poll(() => existsSync(output), { timeout: 10_000 }).toBe(true);
    await writer.abort();
    expect(existsSync(output)).toBe(false);
  });

  it('rejects with what ffmpeg said when the input is no MPEG-TS, and leaves no file', async () => {
    const output = join(dir, 'garbage.mp4');
    const writer = startMp4('ffmpeg', output);
    await writer.write(Buffer.from('<html>this is a login page, not a video</html>')).catch(() => undefined);
    const error = (await writer.close().catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/^ffmpeg exited with \d+: \S/);
    expect(existsSync(output)).toBe(false);
  });
});
