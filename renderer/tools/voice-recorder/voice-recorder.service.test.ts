import { describe, expect, it } from 'vitest';
import { MIN_SELECTION_SECONDS, clampSelection, fileNameOf, formatSeconds, isWhole, selectionFrames } from './voice-recorder.service';

describe('trim selection', () => {
  it('keeps the selection inside the recording', () => {
    expect(clampSelection({ start: -1, end: 12 }, 10)).toEqual({ start: 0, end: 10 });
  });

  it('lets the moved handle give way so the selection keeps its minimum length', () => {
    expect(clampSelection({ start: 5, end: 5 }, 10, 'end')).toEqual({ start: 5, end: 5 + MIN_SELECTION_SECONDS });
    expect(clampSelection({ start: 6, end: 5 }, 10, 'start')).toEqual({ start: 5 - MIN_SELECTION_SECONDS, end: 5 });
    expect(clampSelection({ start: 10, end: 10 }, 10, 'end')).toEqual({ start: 10 - MIN_SELECTION_SECONDS, end: 10 });
    expect(clampSelection({ start: 0, end: 0 }, 10, 'start')).toEqual({ start: 0, end: MIN_SELECTION_SECONDS });
  });

  it('allows the whole of a recording shorter than the minimum', () => {
    expect(clampSelection({ start: 0, end: 0 }, 0.05)).toEqual({ start: 0, end: 0.05 });
  });

  it('turns seconds into sample frames within the buffer', () => {
    expect(selectionFrames({ start: 1, end: 2 }, 48_000, 200_000)).toEqual({ start: 48_000, end: 96_000 });
    expect(selectionFrames({ start: 3, end: 9 }, 48_000, 200_000)).toEqual({ start: 144_000, end: 200_000 });
    expect(selectionFrames({ start: 5, end: 9 }, 48_000, 200_000)).toEqual({ start: 200_000, end: 200_000 });
  });

  it('knows when nothing would be trimmed', () => {
    expect(isWhole({ start: 0, end: 4 }, 4)).toBe(true);
    expect(isWhole({ start: 0.5, end: 4 }, 4)).toBe(false);
  });

  it('formats times', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(75.9)).toBe('1:15');
    expect(formatSeconds(3725)).toBe('1:02:05');
    expect(formatSeconds(2.46, true)).toBe('0:02.4');
    expect(formatSeconds(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('makes file names every system accepts', () => {
    expect(fileNameOf('录音 2026/11/27 20:02:42', 'webm')).toBe('录音 2026-11-27 20-02-42.webm');
    expect(fileNameOf(' ..会议: "a|b" ', 'wav')).toBe('会议- -a-b-.wav');
    expect(fileNameOf('///', 'wav')).toBe('-.wav');
    expect(fileNameOf('  ', 'wav')).toBe('recording.wav');
  });
});
