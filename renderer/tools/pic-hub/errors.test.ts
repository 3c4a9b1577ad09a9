import { GithubError } from '@shared/pic-hub/github';
import i18next from 'i18next';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { clockTime, errorText } from './error-text';
import { errorKindOf, PicHubError, problemOf } from '@/lib/pic-hub-upload';
import { cn, en } from './locales';

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

/** The API client's error as the account seam rejects with it: the server's words already translated. */
const refused = (texts: string[]) =>
  Object.assign(new Error('refused'), { name: 'HttpError', kind: 'business', messages: texts.map((text) => ({ text })) });

const resetAt = new Date(2026, 10, 27, 15, 7).getTime();

describe('problemOf', () => {
  it('keeps when GitHub’s exhausted limit resets, also through the hubs store’s wrapping', () => {
    const limited = new GithubError('rateLimited', 'repo', { status: 403, resetAt });
    expect(problemOf(limited)).toEqual({ kind: 'rateLimited', resetAt });
    expect(problemOf(new PicHubError('rateLimited', { cause: limited }))).toEqual({ kind: 'rateLimited', resetAt });
    // A secondary limit says no reset time: the bare kind.
    expect(problemOf(new GithubError('rateLimited', 'blob', { retryAfterMs: 90_000 }))).toBe('rateLimited');
  });

  it('keeps our server’s own words for a refusal; without any, the bare kind', () => {
    expect(problemOf(refused(['图床不存在', 'unused']))).toEqual({ kind: 'sync', serverMessage: '图床不存在; unused' });
    expect(problemOf(refused([]))).toBe('sync');
    expect(problemOf(new GithubError('auth', 'repo', { status: 401 }))).toBe('auth');
  });
});

async function translator(language: 'cn' | 'en'): Promise<TFunction<'pic-hub'>> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, ns: ['pic-hub'], resources: { [language]: { 'pic-hub': language === 'cn' ? cn : en } } });
  return i18n.getFixedT(language, 'pic-hub');
}

describe('errorText', () => {
  it('says at what time GitHub’s limit resets, in both languages', async () => {
    const limited = new GithubError('rateLimited', 'content', { status: 403, resetAt });
    expect(clockTime(resetAt)).toBe('15:07');
    expect(errorText(await translator('cn'), limited)).toBe('GitHub 的调用次数已用完，将在 15:07 恢复');
    expect(errorText(await translator('en'), problemOf(limited))).toBe('GitHub’s API limit is used up; it resets at 15:07');
    expect(errorText(await translator('cn'), 'rateLimited')).toBe('GitHub 的调用次数已用完，请稍后再试');
  });

  it('shows the server’s message instead of the general sync failure', async () => {
    const t = await translator('cn');
    expect(errorText(t, problemOf(refused(['图床不存在'])))).toBe('图床不存在');
    expect(errorText(t, refused([]))).toBe('文件上传失败');
  });
});
