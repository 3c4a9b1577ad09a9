import { describe, expect, it } from 'vitest';
import { failureKind } from './file-output';

describe('failureKind', () => {
  it('a source file gone or changed after picking is "unreadable", however the read failed', () => {
    expect(failureKind(new DOMException('The requested file could not be read', 'NotReadableError'))).toBe('unreadable');
    expect(failureKind(new DOMException('A requested file or directory could not be found', 'NotFoundError'))).toBe('unreadable');
    // A Blob stream over a deleted file (the checksum worker, through Comlink) fails with this and nothing more.
    expect(failureKind(Object.assign(new Error('network error'), { name: 'TypeError' }))).toBe('unreadable');
  });

  it('tells cancelling, a refused location and a full disk apart from other failures', () => {
    expect(failureKind(new DOMException('cancelled', 'AbortError'))).toBe('cancelled');
    expect(failureKind(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(failureKind(new DOMException('full', 'QuotaExceededError'))).toBe('noSpace');
    expect(failureKind(new Error('the checksum worker failed to start'))).toBe('other');
    expect(failureKind('weird')).toBe('other');
  });
});
