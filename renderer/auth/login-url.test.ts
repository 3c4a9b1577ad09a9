import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n';
import { switchLoginSearch } from './login-url';

const ORIGIN = 'https://baibao.example';
const titles: Record<Language, string> = { cn: '百宝箱', en: 'Baibao' };
const siteTitle = (language: Language) => titles[language];
const query = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('switchLoginSearch', () => {
  it('sends the visitor back to the page in the chosen language, under our own site title', () => {
    const search = `?${new URLSearchParams({ redirect: '/text/assistant?x=1#chain', name: '百宝箱' })}`;
    expect(query(switchLoginSearch(search, 'en', siteTitle, ORIGIN))).toEqual({ redirect: '/en/text/assistant?x=1#chain', name: 'Baibao' });
    const back = switchLoginSearch(switchLoginSearch(search, 'en', siteTitle, ORIGIN), 'cn', siteTitle, ORIGIN);
    expect(query(back)).toEqual({ redirect: '/text/assistant?x=1#chain', name: '百宝箱' });
  });

  it('switches an absolute address on our origin and keeps it absolute', () => {
    const search = `?${new URLSearchParams({ redirect: `${ORIGIN}/en/file/hasher` })}`;
    expect(query(switchLoginSearch(search, 'cn', siteTitle, ORIGIN))).toEqual({ redirect: `${ORIGIN}/file/hasher` });
  });

  it('leaves another site’s name and address alone, and keeps other parameters', () => {
    const search = `?${new URLSearchParams({ redirect: 'https://other.example/a', name: '示例站点', tab: 'register' })}`;
    expect(query(switchLoginSearch(search, 'en', siteTitle, ORIGIN))).toEqual({
      redirect: 'https://other.example/a',
      name: '示例站点',
      tab: 'register',
    });
  });

  it('gives an empty query when there is none', () => {
    expect(switchLoginSearch('', 'en', siteTitle, ORIGIN)).toBe('');
  });
});
