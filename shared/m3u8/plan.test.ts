import { describe, expect, it } from 'vitest';
import type { M3u8Error } from './errors';
import { ivFor, planDownload } from './plan';
import { parsePlaylist, type M3u8Media } from './playlist';

function mediaOf(text: string): M3u8Media {
  const parsed = parsePlaylist(text, 'https://example.com/v/index.m3u8');
  if (parsed.kind !== 'media') throw new Error('expected a media playlist');
  return parsed;
}

const text = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-MEDIA-SEQUENCE:300
#EXTINF:4,
0.ts
#EXT-X-KEY:METHOD=AES-128,URI="a.key"
#EXTINF:4,
1.ts
#EXTINF:3,
2.ts
#EXT-X-KEY:METHOD=AES-128,URI="b.key",IV=0xffeeddccbbaa99887766554433221100
#EXTINF:2.5,
3.ts
#EXT-X-KEY:METHOD=AES-128,URI="a.key"
#EXTINF:1,
4.ts
#EXT-X-ENDLIST
`;

describe('planDownload', () => {
  it('plans the whole playlist with its duration, keys and IVs', () => {
    const plan = planDownload(mediaOf(text));
    expect(plan.segments.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
    expect(plan.duration).toBe(14.5);
    expect(plan.keyUris).toEqual(['https://example.com/v/a.key', 'https://example.com/v/b.key']);
    expect(plan.segments[0]!.iv).toBeUndefined();
    // No IV attribute: the sequence number (300 + 1 = 0x012d) big-endian in 16 bytes.
    expect([...plan.segments[1]!.iv!]).toEqual([...Array(14).fill(0), 0x01, 0x2d]);
    expect([...plan.segments[3]!.iv!].map((b) => b.toString(16).padStart(2, '0')).join('')).toBe('ffeeddccbbaa99887766554433221100');
    expect(plan.segments[4]!.iv![15]).toBe(304 & 0xff);
  });

  it('plans a range from–to, both included', () => {
    const plan = planDownload(mediaOf(text), { from: 1, to: 2 });
    expect(plan.segments.map((s) => s.uri)).toEqual(['https://example.com/v/1.ts', 'https://example.com/v/2.ts']);
    expect(plan.duration).toBe(7);
    expect(plan.keyUris).toEqual(['https://example.com/v/a.key']);
    expect(planDownload(mediaOf(text), { from: 4 }).segments).toHaveLength(1);
  });

  it('refuses ranges outside the playlist and live playlists', () => {
    for (const range of [{ from: -1 }, { to: 5 }, { from: 3, to: 2 }, { from: 0.5 }]) {
      expect(() => planDownload(mediaOf(text), range)).toThrow(expect.objectContaining({ code: 'range' }) as M3u8Error);
    }
    expect(() => planDownload(mediaOf(text.replace('#EXT-X-ENDLIST', '')))).toThrow(expect.objectContaining({ code: 'live' }) as M3u8Error);
  });
});

describe('ivFor', () => {
  const key = { method: 'AES-128' as const, uri: 'k', iv: undefined };
  it('writes the media sequence number as a 128-bit big-endian integer', () => {
    expect([...ivFor(key, 0)]).toEqual(Array(16).fill(0));
    expect([...ivFor(key, 1)]).toEqual([...Array(15).fill(0), 1]);
    // Beyond 32 bits, where a plain bitwise shift would wrap.
    expect([...ivFor(key, 2 ** 40 + 258)]).toEqual([...Array(10).fill(0), 1, 0, 0, 0, 1, 2]);
  });
  it('prefers the explicit IV of the key', () => {
    const iv = new Uint8Array(16).fill(9);
    expect(ivFor({ ...key, iv }, 5)).toBe(iv);
  });
});
