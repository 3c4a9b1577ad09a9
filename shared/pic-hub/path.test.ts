import { describe, expect, it } from 'vitest';
import { joinHubPath, normalizeHubPath } from './path';

describe('normalizeHubPath', () => {
  it('drops leading and trailing slashes and keeps inner ones', () => {
    expect(normalizeHubPath('/img/2026/')).toBe('img/2026');
    expect(normalizeHubPath('///')).toBe('');
    expect(normalizeHubPath(' a/b ')).toBe('a/b');
  });
});

describe('joinHubPath', () => {
  it('puts the file under the hub folder, or at the root when the folder is empty', () => {
    expect(joinHubPath('/img/', '2026/a.webp')).toBe('img/2026/a.webp');
    expect(joinHubPath('', 'a.webp')).toBe('a.webp');
    expect(joinHubPath('/', '/a.webp')).toBe('a.webp');
  });
});
