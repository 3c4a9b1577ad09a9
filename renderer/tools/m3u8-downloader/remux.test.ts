import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeHls, probe } from '../../../e2e/hls-fixture';
import { readMp4Durations, setMp4Duration } from './mp4-duration';
import { createRemuxer } from './remux';

if (!hasFfmpeg) console.log('ffmpeg/ffprobe not found: the MP4 remux test against real segments is skipped');

const box = (type: string, ...parts: Uint8Array[]) => {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
/** version 0 mvhd/mdhd body start: version+flags, creation, modification, timescale, duration. */
const header = (timescale: number, duration: number, extra = 0) => {
  const body = new Uint8Array(20 + extra);
  const view = new DataView(body.buffer);
  view.setUint32(12, timescale);
  view.setUint32(16, duration);
  return body;
};
const tkhd = () => {
  const body = new Uint8Array(84);
  new DataView(body.buffer).setUint32(20, 0xffffffff);
  return body;
};

describe('MP4 header duration', () => {
  it('sets mvhd, tkhd and mdhd to the playlist length in their own timescales', () => {
    const init = box(
      'moov',
      box('mvhd', header(90000, 0xffffffff, 80)),
      box('trak', box('tkhd', tkhd()), box('mdia', box('mdhd', header(48000, 0, 4)))),
    );
    expect(readMp4Durations(init).movie).toBeCloseTo(0xffffffff / 90000);
    const fixed = setMp4Duration(init, 6.5);
    expect(readMp4Durations(fixed)).toEqual({ movie: 6.5, media: [6.5] });
    // tkhd counts in the movie's timescale.
    expect(new DataView(fixed.buffer).getUint32(8 + 8 + 100 + 8 + 8 + 20)).toBe(6.5 * 90000);
    // The input is left as it was.
    expect(readMp4Durations(init).media).toEqual([0]);
  });

  it('leaves bytes that are not boxes alone', () => {
    const junk = new Uint8Array([0, 0, 0, 3, 1, 2, 3, 4, 5]);
    expect(setMp4Duration(junk, 5)).toEqual(junk);
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.skipIf(!hasFfmpeg)('remux of real HLS segments', () => {
  it('keeps time moving forward across a discontinuity (two streams whose timestamps both start at the same point)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'm3u8-remux-disc-'));
    dirs.push(dir);
    const first = makeHls(join(dir, 'a'), { seconds: 3 }).segments;
    const second = makeHls(join(dir, 'b'), { seconds: 3 }).segments;
    const remuxer = createRemuxer(6);
    const out = [
      ...first.map((file) => remuxer.push(new Uint8Array(readFileSync(file)))),
      ...second.map((file, index) => remuxer.push(new Uint8Array(readFileSync(file)), index === 0 ? first.length : undefined)),
    ];
    const file = join(dir, 'out.mp4');
    writeFileSync(file, Buffer.concat(out));
    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.stderr).not.toMatch(/non monotonically increasing dts/);
    const streamsRun = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', file]);
    const streams = (JSON.parse(streamsRun.stdout.toString()) as { streams: Array<{ codec_type: string; duration: string }> }).streams;
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  });

  it('turns ffmpeg HLS segments, one at a time, into an MP4 ffprobe reads with its length and both streams', () => {
    const dir = mkdtempSync(join(tmpdir(), 'm3u8-remux-'));
    dirs.push(dir);
    const segments = makeHls(dir, { seconds: 4 }).segments;
    expect(segments.length).toBeGreaterThanOrEqual(4);
    const remuxer = createRemuxer(4);
    const out = segments.map((file) => remuxer.push(new Uint8Array(readFileSync(file))));
    expect(out.every((chunk) => chunk.length > 0)).toBe(true);
    const file = join(dir, 'out.mp4');
    writeFileSync(file, Buffer.concat(out));
    expect(readMp4Durations(readFileSync(file)).movie).toBe(4);
    const probed = probe(file);
    expect(probed.streams).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - 4)).toBeLessThan(0.5);
  });
});
