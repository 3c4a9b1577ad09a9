import { describe, expect, it } from 'vitest';
import { micProblem, pickMimeType } from './mic-errors';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('micProblem', () => {
  it('tells a refusal, a missing device and a busy device apart', () => {
    expect(micProblem(domError('NotAllowedError'))).toBe('denied');
    expect(micProblem(domError('SecurityError'))).toBe('denied');
    expect(micProblem(domError('NotFoundError'))).toBe('noDevice');
    expect(micProblem(domError('OverconstrainedError'))).toBe('noDevice');
    expect(micProblem(domError('NotReadableError'))).toBe('inUse');
    expect(micProblem(domError('NotSupportedError'))).toBe('unsupported');
    expect(micProblem(new Error('boom'))).toBe('failed');
    expect(micProblem('weird')).toBe('failed');
  });
});

describe('pickMimeType', () => {
  it('prefers Opus in WebM and falls back to what the browser has', () => {
    expect(pickMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(pickMimeType(() => false)).toBeUndefined();
  });
});
