import { describe, expect, it } from 'vitest';
import { languageOfPath, localizePath, switchLanguageHref, switchLanguagePath } from './language';

describe('language paths', () => {
  it('keeps cn paths bare and prefixes en', () => {
    expect(localizePath('/file/hasher', 'cn')).toBe('/file/hasher');
    expect(localizePath('/file/hasher', 'en')).toBe('/en/file/hasher');
    expect(localizePath('/', 'en')).toBe('/en');
  });

  it('reads the language from the first segment only', () => {
    expect(languageOfPath('/en')).toBe('en');
    expect(languageOfPath('/en/file/hasher')).toBe('en');
    expect(languageOfPath('/english/x')).toBe('cn');
    expect(languageOfPath('/file/hasher')).toBe('cn');
  });

  it('switches the same page between languages', () => {
    expect(switchLanguagePath('/file/hasher', 'en')).toBe('/en/file/hasher');
    expect(switchLanguagePath('/en/file/hasher', 'cn')).toBe('/file/hasher');
    expect(switchLanguagePath('/en', 'cn')).toBe('/');
    expect(switchLanguagePath('/', 'en')).toBe('/en');
  });

  it('keeps the query and the hash when switching', () => {
    expect(switchLanguageHref({ pathname: '/text/assistant', search: '?a=1', hash: '#chain' }, 'en')).toBe('/en/text/assistant?a=1#chain');
    expect(switchLanguageHref({ pathname: '/en', search: '', hash: '#top' }, 'cn')).toBe('/#top');
  });
});
