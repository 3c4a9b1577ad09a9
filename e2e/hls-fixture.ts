/**
 * The HLS streams the m3u8 tests download, made by Debian's ffmpeg: a test picture with a tone in
 * 1 s segments, AES-128 with a key URI when asked, and a master with two variants. One place for
 * the ffmpeg command lines the core's integration test, the remux test, the AES test and the web
 * and desktop e2e all use; ffprobe reads back what they wrote.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0;

export interface HlsOptions {
  seconds: number;
  /** Picture size (default 160x120). */
  size?: string;
  /** With a 440 Hz tone as AAC (default true). */
  audio?: boolean;
  /**
   * AES-128: `uri` is the key's address as the playlist names it, `file` where the 16 random bytes
   * are written (the test serves them). Without `iv`, ffmpeg writes one per key in the playlist.
   */
  key?: { uri: string; file: string };
  /** A new key line for every segment, so each one names its sequence number as IV. */
  rekeyEachSegment?: boolean;
  /** The first segment's sequence number (default 0). */
  startNumber?: number;
  /** One file that the playlist cuts in byte ranges, instead of a file per segment. */
  singleFile?: boolean;
}

/**
 * Writes `<dir>/index.m3u8` and its segments (`seg0.ts`, `seg1.ts`… or one `index.ts`); `dir` is
 * created. Answers the segment files in order and the key, when there is one.
 */
export function makeHls(dir: string, options: HlsOptions): { segments: string[]; key: Buffer | undefined } {
  const { seconds, size = '160x120', audio = true } = options;
  mkdirSync(dir, { recursive: true });
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25');
  if (audio) args.push('-c:a', 'aac', '-b:a', '48k');
  args.push('-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_playlist_type', 'vod');
  if (options.startNumber !== undefined) args.push('-start_number', String(options.startNumber));
  const flags = [options.singleFile && 'single_file', options.rekeyEachSegment && 'periodic_rekey'].filter(Boolean);
  if (flags.length > 0) args.push('-hls_flags', flags.join('+'));
  let key: Buffer | undefined;
  if (options.key) {
    key = randomBytes(16);
    writeFileSync(options.key.file, key);
    writeFileSync(join(dir, 'key.info'), `${options.key.uri}\n${options.key.file}\n`);
    args.push('-hls_key_info_file', 'key.info');
  }
  if (!options.singleFile) args.push('-hls_segment_filename', 'seg%d.ts');
  args.push('index.m3u8');
  const run = spawnSync('ffmpeg', args, { cwd: dir });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  const segments = readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0] ?? 0) - Number(/\d+/.exec(b)?.[0] ?? 0))
    .map((name) => join(dir, name));
  return { segments, key };
}

/**
 * `<dir>/master.m3u8` with two variants: `high/` (320x240, AES-128, its key at `/keys/high.key` —
 * the file `<dir>/keys/high.key`) and `low/` (160x120, plain; one file in byte ranges with
 * `lowSingleFile`). Served from `dir` as the site root, every address in them resolves.
 */
export function makeHlsMaster(dir: string, options: { seconds: number; lowSingleFile?: boolean }): void {
  mkdirSync(join(dir, 'keys'), { recursive: true });
  makeHls(join(dir, 'high'), {
    seconds: options.seconds,
    size: '320x240',
    key: { uri: '/keys/high.key', file: join(dir, 'keys', 'high.key') },
  });
  makeHls(join(dir, 'low'), { seconds: options.seconds, ...(options.lowSingleFile ? { singleFile: true } : {}) });
  writeFileSync(
    join(dir, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=320x240,CODECS="avc1.42c00d,mp4a.40.2"',
      'high/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x120,CODECS="avc1.42c00b,mp4a.40.2"',
      'low/index.m3u8',
      '',
    ].join('\n'),
  );
}

/** What ffprobe reads of a file: its duration in seconds and its stream types, sorted. */
export function probe(file: string): { duration: number; streams: string[] } {
  const run = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file]);
  const json = JSON.parse(run.stdout.toString()) as { format: { duration: string }; streams: Array<{ codec_type: string }> };
  return { duration: Number(json.format.duration), streams: json.streams.map((s) => s.codec_type).sort() };
}
