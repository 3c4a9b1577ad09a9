import { describe, expect, it } from 'vitest';
import { checkRenamePattern, extForFormat, makeUnique, renameBatch, renameFile, RenamePatternInvalid, safeSegment } from './rename';
import type { RenameInput } from './rename';

const HASH = 'a3f5c2d19e8b7a6f0123456789abcdef0123456789abcdef0123456789abcdef';
// Local-time fields, so the test reads the same in every time zone.
const NOW = new Date(2026, 0, 2, 3, 4, 5, 6);

function input(overrides: Partial<RenameInput>): RenameInput {
  return { originalName: '截图 1.PNG', ext: 'webp', contentHash: HASH, now: NOW, renameType: 'HASH', random: () => 0.5, ...overrides };
}

describe('renameFile', () => {
  it('HASH: the first 16 hex digits of the content hash and the output extension', () => {
    expect(renameFile(input({ renameType: 'HASH' }))).toBe('a3f5c2d19e8b7a6f.webp');
    expect(renameFile(input({ renameType: 'HASH', contentHash: HASH.toUpperCase(), ext: 'jpeg' }))).toBe('a3f5c2d19e8b7a6f.jpg');
  });

  it('NONE: keeps the name, Chinese included, with the real extension and no unsafe characters', () => {
    expect(renameFile(input({ renameType: 'NONE' }))).toBe('截图-1.webp');
    expect(renameFile(input({ renameType: 'NONE', originalName: 'a/b\\..\\..\\evil?.png', ext: 'png' }))).toBe('evil.png');
    expect(renameFile(input({ renameType: 'NONE', originalName: '.git', ext: 'png' }))).toBe('git.png');
    expect(renameFile(input({ renameType: 'NONE', originalName: '...', ext: 'png' }))).toBe('a3f5c2d19e8b7a6f.png');
    expect(renameFile(input({ renameType: 'NONE', originalName: 'tab\there\u0000.gif', ext: 'gif' }))).toBe('tab-here.gif');
  });

  it('TIMESTAMP: yyyyMMddHHmmssSSS and a short random suffix', () => {
    expect(renameFile(input({ renameType: 'TIMESTAMP' }))).toBe('20260102030405006-iiii.webp');
    let n = 0;
    const names = new Set(
      Array.from({ length: 50 }, () => renameFile(input({ renameType: 'TIMESTAMP', random: () => ((n += 7) % 36) / 36 }))),
    );
    expect(names.size).toBeGreaterThan(1);
  });

  it('CUST: every token', () => {
    const pattern = '{y}/{m}/{d}/{h}{i}{s}{ms}-{name}-{hash}-{hash:4}-{rand:3}-{timestamp}.{ext}';
    expect(renameFile(input({ renameType: 'CUST', pattern }))).toBe(
      `2026/01/02/030405006-截图-1-a3f5c2d19e8b7a6f-a3f5-iii-${NOW.getTime()}.webp`,
    );
  });

  it('CUST: the extension is added when the pattern has none, and never doubled', () => {
    expect(renameFile(input({ renameType: 'CUST', pattern: '{name}' }))).toBe('截图-1.webp');
    expect(renameFile(input({ renameType: 'CUST', pattern: '{name}.{ext}' }))).toBe('截图-1.webp');
    expect(renameFile(input({ renameType: 'CUST', pattern: 'img/{hash:8}.WEBP' }))).toBe('img/a3f5c2d1.WEBP');
  });

  it('CUST: no escape from the hub folder — leading slashes, empty, dot and dot-dot segments are dropped', () => {
    expect(renameFile(input({ renameType: 'CUST', pattern: '/../../{hash:8}' }))).toBe('a3f5c2d1.webp');
    expect(renameFile(input({ renameType: 'CUST', pattern: 'a//./b/../{name}/' }))).toBe('a/b/截图-1.webp');
  });

  it('CUST: an invalid pattern throws with its reason', () => {
    expect(() => renameFile(input({ renameType: 'CUST', pattern: '{nope}' }))).toThrow(RenamePatternInvalid);
    try {
      renameFile(input({ renameType: 'CUST', pattern: '{hash:99}' }));
    } catch (error) {
      expect((error as RenamePatternInvalid).check).toEqual({ ok: false, error: 'badLength', token: '{hash:99}' });
    }
  });
});

describe('checkRenamePattern', () => {
  it('accepts the documented tokens and refuses the rest with a reason', () => {
    expect(checkRenamePattern('{y}{m}{d}/{name}-{hash:8}')).toEqual({ ok: true });
    expect(checkRenamePattern(' ')).toEqual({ ok: false, error: 'empty' });
    expect(checkRenamePattern('x'.repeat(201))).toEqual({ ok: false, error: 'tooLong' });
    expect(checkRenamePattern('{name')).toEqual({ ok: false, error: 'unclosedBrace', token: '{' });
    expect(checkRenamePattern('name}')).toEqual({ ok: false, error: 'unclosedBrace', token: '}' });
    expect(checkRenamePattern('{na{me}')).toEqual({ ok: false, error: 'unclosedBrace', token: '{' });
    expect(checkRenamePattern('{date}')).toEqual({ ok: false, error: 'unknownToken', token: '{date}' });
    expect(checkRenamePattern('{rand:0}')).toEqual({ ok: false, error: 'badLength', token: '{rand:0}' });
    expect(checkRenamePattern('{rand:33}')).toEqual({ ok: false, error: 'badLength', token: '{rand:33}' });
    expect(checkRenamePattern('a/b/c/d/e/f/g/{hash}')).toEqual({ ok: false, error: 'tooDeep' });
  });
});

describe('safeSegment', () => {
  it('caps long names by characters, not bytes, so Chinese names stay whole characters', () => {
    const long = safeSegment('图'.repeat(200));
    expect(Array.from(long)).toHaveLength(80);
    expect(safeSegment('a#b%c?d')).toBe('a-b-c-d');
    expect(safeSegment('  spaced  out. ')).toBe('spaced-out');
  });
});

describe('extForFormat', () => {
  it('maps formats and media types to the usual extension', () => {
    expect(extForFormat('jpeg')).toBe('jpg');
    expect(extForFormat('image/jpeg')).toBe('jpg');
    expect(extForFormat('image/svg+xml')).toBe('svg');
    expect(extForFormat('image/x-icon')).toBe('ico');
    expect(extForFormat('WEBP')).toBe('webp');
  });
});

describe('uniqueness within a batch', () => {
  it('suffixes repeated names, ignoring case', () => {
    const taken = new Set<string>();
    expect(makeUnique('a.png', taken)).toBe('a.png');
    expect(makeUnique('A.png', taken)).toBe('A-2.png');
    expect(makeUnique('a.png', taken)).toBe('a-3.png');
    expect(makeUnique('dir.v1/noext', taken)).toBe('dir.v1/noext');
    expect(makeUnique('dir.v1/noext', taken)).toBe('dir.v1/noext-2');
  });

  it('two identical pictures under HASH get two names', () => {
    expect(renameBatch([input({}), input({})])).toEqual(['a3f5c2d19e8b7a6f.webp', 'a3f5c2d19e8b7a6f-2.webp']);
  });
});
