import { describe, expect, it } from 'vitest';
import { M3u8Error } from '@shared/m3u8';
import { cn, en } from './locales';
import {
  PlaylistStatusError,
  describeProblem,
  discontinuityStarts,
  formatClock,
  outputName,
  segmentStarts,
  variantLabel,
} from './m3u8-downloader.service';

class ProxyError extends Error {
  override name = 'ProxyError';
  constructor(
    readonly kind: string,
    message: string,
    readonly keys: readonly string[] = [],
  ) {
    super(message);
  }
}

describe('describeProblem', () => {
  it('tells the proxy refusals apart: login, unreachable, any other refusal with its translated text', () => {
    expect(describeProblem(new ProxyError('unauthorized', 'Unauthorized'))).toEqual({ key: 'login', params: {} });
    expect(describeProblem(new ProxyError('network', '无法连接'))).toEqual({ key: 'unreachable', params: { message: '无法连接' } });
    expect(describeProblem(new ProxyError('refused', '不能访问本机', ['proxy.forbiddenAddress']))).toEqual({
      key: 'proxy',
      params: { message: '不能访问本机' },
    });
    // The target down or unknown is not "our server refused": the visitor is told the site cannot be reached.
    expect(describeProblem(new ProxyError('refused', '找不到这个服务器的地址', ['proxy.dnsFailed'])).key).toBe('unreachable');
    expect(describeProblem(new ProxyError('refused', '对方服务器 60 秒内没有响应', ['proxy.timeout'])).key).toBe('unreachable');
  });

  it("gives the daily quota its own text (the server's, in the visitor's language)", () => {
    expect(describeProblem(new ProxyError('refused', '今天经本站下载的流量已用完', ['proxy.dailyQuota']))).toEqual({
      key: 'quota',
      params: { message: '今天经本站下载的流量已用完' },
    });
  });

  it('gives each core error its own text, a 404 key with its status and address', () => {
    expect(describeProblem(new M3u8Error('html'))).toEqual({ key: 'html', params: {} });
    expect(describeProblem(new M3u8Error('live')).key).toBe('live');
    expect(describeProblem(new M3u8Error('key', { status: 404, url: 'http://x/k.key' }))).toEqual({
      key: 'keyStatus',
      params: { status: 404, url: 'http://x/k.key' },
    });
    expect(describeProblem(new M3u8Error('key', { url: 'http://x/k.key', message: 'key is 3 bytes, not 16' })).key).toBe('keyBad');
    expect(describeProblem(new M3u8Error('decrypt')).key).toBe('decrypt');
    expect(describeProblem(new M3u8Error('http', { status: 503, url: 'http://x/1.ts' })).key).toBe('segmentStatus');
    // The loader keeps a proxy refusal's text as the message, without a status.
    expect(describeProblem(new M3u8Error('http', { message: '请求过于频繁' }))).toEqual({
      key: 'segmentFailed',
      params: { message: '请求过于频繁' },
    });
    expect(describeProblem(new PlaylistStatusError(404, 'http://x/a.m3u8'))).toEqual({
      key: 'status',
      params: { status: 404, url: 'http://x/a.m3u8' },
    });
    expect(describeProblem(new TypeError('boom'))).toEqual({ key: 'unknown', params: { message: 'boom' } });
  });

  it('has a text in both languages for every key it can give', () => {
    const keys: string[] = ['login', 'quota', 'proxy', 'unreachable', 'status', 'html', 'notPlaylist', 'invalid', 'empty', 'live'];
    keys.push(
      'unsupportedKey',
      'keyStatus',
      'keyBad',
      'decrypt',
      'relative',
      'range',
      'write',
      'segmentStatus',
      'segmentFailed',
      'cancelled',
      'unknown',
    );
    for (const key of keys) {
      expect(cn.errors[key as keyof typeof cn.errors]).toBeTruthy();
      expect(en.errors[key as keyof typeof en.errors]).toBeTruthy();
    }
  });
});

describe('times and names', () => {
  it('adds durations up into start times, with the end last', () => {
    expect(segmentStarts([4, 4, 2.5])).toEqual([0, 4, 8, 10.5]);
    expect(segmentStarts([])).toEqual([0]);
  });

  it('restarts the MP4 timeline at each segment after a discontinuity, never at the first', () => {
    const segment = (duration: number, discontinuity = false) => ({ duration, discontinuity });
    expect(discontinuityStarts([segment(4, true), segment(4), segment(2, true), segment(3), segment(1, true)])).toEqual([
      undefined,
      undefined,
      8,
      undefined,
      13,
    ]);
  });

  it('formats clock times', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.4)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
  });

  it('labels a variant by resolution, bitrate and codecs', () => {
    expect(variantLabel({ uri: 'x', bandwidth: 900000, width: 320, height: 240, codecs: 'avc1.42c00d,mp4a.40.2' } as never)).toBe(
      '320×240 · 0.9 Mbit/s · avc1.42c00d,mp4a.40.2',
    );
    expect(variantLabel({ uri: 'x', bandwidth: 0, width: undefined, height: undefined, codecs: undefined } as never)).toBe('');
  });

  it('names the output after the playlist, and parts with their number', () => {
    expect(outputName('https://cdn.example/v/%E8%A7%86%E9%A2%91.m3u8?token=1', 'ts')).toBe('视频.ts');
    expect(outputName('https://cdn.example/', 'ts')).toBe('video.ts');
    expect(outputName('lesson*1.m3u8', 'ts', 2)).toBe('lesson_1.part2.ts');
  });
});
