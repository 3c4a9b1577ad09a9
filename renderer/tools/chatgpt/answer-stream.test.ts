import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerStream } from './answer-stream';

describe('AnswerStream', () => {
  let frames: Map<number, FrameRequestCallback>;

  beforeEach(() => {
    frames = new Map();
    let next = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      next += 1;
      frames.set(next, callback);
      return next;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => void frames.delete(id));
  });

  afterEach(() => vi.unstubAllGlobals());

  const runFrames = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const callback of due) callback(0);
  };

  it('tells its readers once per frame, however many deltas came', () => {
    const stream = new AnswerStream();
    const heard: string[] = [];
    stream.subscribe(() => heard.push(stream.text()));
    stream.append('你好');
    stream.append('，');
    stream.append('world');
    expect(heard).toEqual([]);
    runFrames();
    expect(heard).toEqual(['你好，world']);
    runFrames();
    expect(heard).toHaveLength(1);
    stream.append('!');
    runFrames();
    expect(heard).toEqual(['你好，world', '你好，world!']);
  });

  it('stops telling a reader that left, and after the end', () => {
    const stream = new AnswerStream();
    const first = vi.fn();
    const second = vi.fn();
    const leave = stream.subscribe(first);
    stream.subscribe(second);
    leave();
    stream.append('a');
    runFrames();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    stream.append('b');
    stream.end();
    runFrames();
    expect(second).toHaveBeenCalledTimes(1);
    expect(stream.text()).toBe('ab');
  });
});
