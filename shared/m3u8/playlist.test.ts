import { describe, expect, it } from 'vitest';
import { M3u8Error } from './errors';
import { parsePlaylist } from './playlist';

const master = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",FRAME-RATE=25
low/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720
https://cdn.example.com/high/index.m3u8
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,URI="iframes.m3u8"
`;

const media = `#EXTM3U
#EXT-X-VERSION:4
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-KEY:METHOD=AES-128,URI="key1.bin"
#EXTINF:4.0,
#EXT-X-BYTERANGE:1000@0
all.ts
#EXTINF:4.0,
#EXT-X-BYTERANGE:500
all.ts
#EXT-X-DISCONTINUITY
#EXT-X-KEY:METHOD=AES-128,URI="/keys/key2.bin",IV=0x000102030405060708090A0B0C0D0E0F
#EXTINF:3.5,
seg/b.ts?token=1
#EXT-X-KEY:METHOD=NONE
#EXTINF:2,
c.ts
#EXT-X-ENDLIST
`;

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(M3u8Error);
    return (error as M3u8Error).code;
  }
  return 'no error';
}

describe('parsePlaylist', () => {
  it('lists the variants of a master playlist, resolved against its address, without I-frame streams', () => {
    const parsed = parsePlaylist(master, 'https://example.com/video/master.m3u8?x=1');
    expect(parsed).toEqual({
      kind: 'master',
      variants: [
        {
          uri: 'https://example.com/video/low/index.m3u8',
          bandwidth: 800000,
          averageBandwidth: 700000,
          width: 640,
          height: 360,
          codecs: 'avc1.64001e,mp4a.40.2',
          frameRate: 25,
        },
        {
          uri: 'https://cdn.example.com/high/index.m3u8',
          bandwidth: 2500000,
          averageBandwidth: undefined,
          width: 1280,
          height: 720,
          codecs: undefined,
          frameRate: undefined,
        },
      ],
    });
  });

  it('reads segments with durations, sequence numbers, byte ranges, discontinuities and keys', () => {
    const parsed = parsePlaylist(media, 'https://example.com/v/index.m3u8');
    if (parsed.kind !== 'media') throw new Error('expected a media playlist');
    expect(parsed.live).toBe(false);
    expect(parsed.mediaSequence).toBe(7);
    expect(parsed.targetDuration).toBe(4);
    const [a, b, c, d] = parsed.segments;
    expect(parsed.segments).toHaveLength(4);
    expect(a).toMatchObject({
      uri: 'https://example.com/v/all.ts',
      duration: 4,
      sequence: 7,
      byterange: { offset: 0, length: 1000 },
      discontinuity: false,
    });
    expect(a!.key).toEqual({ method: 'AES-128', uri: 'https://example.com/v/key1.bin', iv: undefined });
    // A BYTERANGE without @offset continues where the previous one ended.
    expect(b).toMatchObject({ sequence: 8, byterange: { offset: 1000, length: 500 } });
    expect(c).toMatchObject({
      uri: 'https://example.com/v/seg/b.ts?token=1',
      duration: 3.5,
      sequence: 9,
      discontinuity: true,
      byterange: undefined,
    });
    expect(c!.key!.uri).toBe('https://example.com/keys/key2.bin');
    expect([...c!.key!.iv!]).toEqual([...Array(16).keys()]);
    expect(d!.key).toBeUndefined();
  });

  it('keeps relative URIs as written when the playlist has no address (a dropped file)', () => {
    const parsed = parsePlaylist(media);
    if (parsed.kind !== 'media') throw new Error('expected a media playlist');
    expect(parsed.segments[0]!.uri).toBe('all.ts');
  });

  it('marks a playlist without #EXT-X-ENDLIST as live', () => {
    const parsed = parsePlaylist(media.replace('#EXT-X-ENDLIST\n', ''), 'https://example.com/live.m3u8');
    expect(parsed.kind === 'media' && parsed.live).toBe(true);
  });

  it('gives typed errors for HTML, non-playlists, empty playlists and unsupported encryption', () => {
    expect(codeOf(() => parsePlaylist('<!DOCTYPE html><html><body>Login</body></html>'))).toBe('html');
    expect(codeOf(() => parsePlaylist('\n  <html lang="zh">'))).toBe('html');
    expect(codeOf(() => parsePlaylist(''))).toBe('not-playlist');
    expect(codeOf(() => parsePlaylist('{"error":"not found"}'))).toBe('not-playlist');
    expect(codeOf(() => parsePlaylist('#EXTM3U\n'))).toBe('empty');
    expect(codeOf(() => parsePlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n'))).toBe('empty');
    expect(codeOf(() => parsePlaylist(media.replace('METHOD=AES-128,URI="key1.bin"', 'METHOD=SAMPLE-AES,URI="key1.bin"')))).toBe(
      'unsupported-key',
    );
    expect(codeOf(() => parsePlaylist('\uFEFF' + media))).toBe('no error');
  });

  it('never throws anything but an M3u8Error on truncated or garbled input', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const inputs: string[] = [];
    for (const text of [master, media]) {
      for (let cut = 0; cut <= text.length; cut++) inputs.push(text.slice(0, cut));
      for (let n = 0; n < 300; n++) {
        const chars = [...text];
        for (let k = 0; k < 1 + Math.floor(random() * 8); k++) {
          const at = Math.floor(random() * chars.length);
          const pick = random();
          if (pick < 0.33) chars.splice(at, 1);
          else if (pick < 0.66) chars.splice(at, 0, String.fromCharCode(Math.floor(random() * 128)));
          else chars[at] = ['\n', ':', ',', '"', '@', '=', '#', 'x'][Math.floor(random() * 8)]!;
        }
        inputs.push(chars.join(''));
      }
    }
    for (let n = 0; n < 200; n++) {
      inputs.push(
        '#EXTM3U\n' + Array.from({ length: Math.floor(random() * 200) }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join(''),
      );
    }
    for (const input of inputs) {
      try {
        parsePlaylist(input, 'https://example.com/a/b.m3u8');
      } catch (error) {
        if (!(error instanceof M3u8Error)) throw new Error(`${String(error)} for ${JSON.stringify(input)}`, { cause: error });
      }
    }
  });
});
