import { GithubError } from '@shared/pic-hub/github';
import { describe, expect, it } from 'vitest';
import { errorKindOf, PicHubError } from './errors';

describe('errorKindOf', () => {
  it('names every error the layer meets in the words the page translates', () => {
    expect(errorKindOf(new PicHubError('tooLarge'))).toBe('tooLarge');
    expect(errorKindOf(new GithubError('notFound', 'repo', { status: 404 }))).toBe('repoNotFound');
    expect(errorKindOf(new GithubError('commitFailed', 'commit'))).toBe('commitFailed');
    expect(errorKindOf(new GithubError('network', 'blob'))).toBe('network');
    expect(errorKindOf(new DOMException('stop', 'AbortError'))).toBe('cancelled');
    expect(errorKindOf(Object.assign(new Error('x'), { name: 'StorageError', code: 'quota' }))).toBe('storage');
    expect(errorKindOf(Object.assign(new Error('x'), { name: 'HttpError', kind: 'timeout' }))).toBe('network');
    expect(errorKindOf(Object.assign(new Error('x'), { name: 'HttpError', kind: 'business' }))).toBe('sync');
    expect(errorKindOf(new Error('?'))).toBe('unknown');
    expect(errorKindOf('text')).toBe('unknown');
  });
});
