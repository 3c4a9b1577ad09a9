import { describe, expect, it } from 'vitest';
import { checkHubDraft, hubLabel, maskToken, tokenCheckProblem } from './hub-form';

const draft = { owner: 'octo', repo: 'pics', branch: 'main', path: '', token: 'ghp_0123456789abcdef', apiBaseUrl: '' };

describe('checkHubDraft', () => {
  it('names every empty required field', () => {
    const check = checkHubDraft({ owner: ' ', repo: '', branch: '', path: '', token: '', apiBaseUrl: '' }, { tokenRequired: true });
    expect(check).toEqual({
      ok: false,
      problems: { owner: 'ownerEmpty', repo: 'repoEmpty', branch: 'branchEmpty', token: 'tokenEmpty' },
    });
  });

  it('keeps the saved token when an edit leaves the field empty', () => {
    const check = checkHubDraft({ ...draft, token: '' }, { tokenRequired: false });
    expect(check.ok && check.value.token).toBe('');
  });

  it('trims, removes the folder’s outer slashes and drops an empty API address', () => {
    const check = checkHubDraft(
      { ...draft, owner: ' octo ', path: '//img/2026/ ', apiBaseUrl: '  ', token: ' t0ken-123456 ' },
      { tokenRequired: true },
    );
    expect(check).toEqual({ ok: true, value: { owner: 'octo', repo: 'pics', branch: 'main', path: 'img/2026', token: 't0ken-123456' } });
  });

  it('refuses names GitHub would refuse, a folder that climbs out and a non-http API address', () => {
    const check = checkHubDraft(
      { ...draft, owner: 'oc to', repo: 'a/b', branch: 'x..y/../z', path: 'a/../b', apiBaseUrl: 'ftp://example.com' },
      { tokenRequired: true },
    );
    expect(check).toEqual({
      ok: false,
      problems: { owner: 'nameInvalid', repo: 'nameInvalid', branch: 'nameInvalid', path: 'pathInvalid', apiBaseUrl: 'apiBaseUrlInvalid' },
    });
  });

  it('keeps a GitHub Enterprise address without its trailing slash and allows slashes in branches', () => {
    const check = checkHubDraft(
      { ...draft, branch: 'feature/pics', apiBaseUrl: 'https://ghe.example.com/api/v3/' },
      { tokenRequired: true },
    );
    expect(check.ok && check.value).toMatchObject({ branch: 'feature/pics', apiBaseUrl: 'https://ghe.example.com/api/v3' });
  });
});

describe('hubLabel and maskToken', () => {
  it('names a hub owner/repo@branch/path', () => {
    expect(hubLabel({ owner: 'o', repo: 'r', branch: 'main', path: 'img' })).toBe('o/r@main/img');
    expect(hubLabel({ owner: 'o', repo: 'r', branch: 'main', path: '' })).toBe('o/r@main');
  });

  it('shows only the ends of a token', () => {
    expect(maskToken('ghp_0123456789abcdef')).toBe('ghp_••••••••cdef');
    expect(maskToken('short')).not.toContain('short');
  });
});

describe('tokenCheckProblem', () => {
  it('maps each failure kind to its own message', () => {
    const kinds = ['auth', 'forbidden', 'noWriteAccess', 'notFound', 'branchNotFound', 'rateLimited', 'network', 'validation'];
    expect(kinds.map((kind) => tokenCheckProblem({ kind }))).toEqual([
      'auth',
      'noWriteAccess',
      'noWriteAccess',
      'repoNotFound',
      'branchNotFound',
      'rateLimited',
      'network',
      'unknown',
    ]);
    expect(tokenCheckProblem(new Error('boom'))).toBe('unknown');
  });
});
