import { describe, expect, it } from 'vitest';
import { normalizeHubPath } from './pic-hub.service';

describe('normalizeHubPath', () => {
  it('drops leading and trailing slashes and keeps inner ones', () => {
    expect(normalizeHubPath('/img/2026/')).toBe('img/2026');
    expect(normalizeHubPath('///')).toBe('');
    expect(normalizeHubPath(' a/b ')).toBe('a/b');
  });
});
