import { describe, expect, it } from 'vitest';
import { fileSystemCall, ReceivedFilesError, toReceivedFilesError } from './errors';

describe('received files errors', () => {
  it.each([
    ['QuotaExceededError', 'quota'],
    ['NotAllowedError', 'not-allowed'],
    ['SecurityError', 'not-allowed'],
    ['NotFoundError', 'gone'],
    ['NotSupportedError', 'unavailable'],
    ['InvalidStateError', 'failed'],
  ])('a %s becomes %s, keeping the cause', (name, code) => {
    const cause = new DOMException('x', name);
    expect(toReceivedFilesError(cause)).toMatchObject({ code, cause });
  });

  it('leaves its own errors and odd throws readable', async () => {
    const own = new ReceivedFilesError('unavailable');
    expect(toReceivedFilesError(own)).toBe(own);
    expect(toReceivedFilesError('boom').code).toBe('failed');
    await expect(fileSystemCall(() => Promise.reject(new DOMException('full', 'QuotaExceededError')))).rejects.toMatchObject({
      code: 'quota',
    });
  });
});
