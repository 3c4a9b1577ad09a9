import { describe, expect, it } from 'vitest';
import { normalizeHubPath } from './pic-hub.service';

// The rule itself is tested in shared/pic-hub/path.test.ts; this keeps the tool's service giving the page the same one.
describe('normalizeHubPath (the tool service re-exports the shared rule)', () => {
  it('drops leading and trailing slashes and keeps inner ones', () => {
    expect(normalizeHubPath('/img/2026/')).toBe('img/2026');
    expect(normalizeHubPath('///')).toBe('');
  });
});
