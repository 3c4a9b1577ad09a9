import { describe, expect, it } from 'vitest';
import { SseEventReader } from './sse-events';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('SseEventReader', () => {
  it('reads events split anywhere, a UTF-8 character across two chunks included', () => {
    const stream = bytes('data: {"c":"你好"}\n\n: comment\nevent: x\ndata: a\ndata: b\n\ndata: [DONE]\n\n');
    // 你 is 3 bytes starting at offset 11: cut in its middle.
    const cuts = [0, 12, 13, 30, stream.length];
    const reader = new SseEventReader();
    const events = cuts.slice(1).flatMap((end, index) => reader.push(stream.subarray(cuts[index], end)));
    expect(events).toEqual(['{"c":"你好"}', 'a\nb', '[DONE]']);
    expect(reader.push()).toEqual([]);
  });

  it('takes CRLF and CR line ends, a CRLF split between chunks counting once, a final CR at the end of the stream', () => {
    const reader = new SseEventReader();
    expect([
      ...reader.push(bytes('data: one\r')),
      ...reader.push(bytes('\n\r\n')),
      ...reader.push(bytes('data:two\r\r')),
      ...reader.push(),
    ]).toEqual(['one', 'two']);
  });

  it('keeps an unfinished event until its blank line comes', () => {
    const reader = new SseEventReader();
    expect(reader.push(bytes('data: half'))).toEqual([]);
    expect(reader.push(bytes('\n'))).toEqual([]);
    expect(reader.push(bytes('\n'))).toEqual(['half']);
  });
});
