import { describe, expect, it } from 'vitest';
import { filterAccepted, matchesAccept, parseAccept } from './file-accept';

const file = (name: string, type = '') => ({ name, type });

describe('accept filter (spec §5)', () => {
  it('parses a comma list, ignoring blanks and case', () => {
    expect(parseAccept(' .PNG, image/*,, text/plain ')).toEqual(['.png', 'image/*', 'text/plain']);
    expect(parseAccept(undefined)).toEqual([]);
  });

  it('accepts everything without a filter or with a wildcard', () => {
    expect(matchesAccept(file('a.bin'), undefined)).toBe(true);
    expect(matchesAccept(file('a.bin'), '')).toBe(true);
    expect(matchesAccept(file('a.bin'), '*/*')).toBe(true);
  });

  it('matches extensions case-insensitively, with or without the dot', () => {
    expect(matchesAccept(file('Photo.JPG'), '.jpg')).toBe(true);
    expect(matchesAccept(file('photo.jpg'), 'png,jpg')).toBe(true);
    expect(matchesAccept(file('photo.jpeg'), '.jpg')).toBe(false);
    expect(matchesAccept(file('archive.tar.gz'), '.tar.gz')).toBe(true);
  });

  it('matches exact and wildcard MIME types', () => {
    expect(matchesAccept(file('x', 'image/png'), 'image/*')).toBe(true);
    expect(matchesAccept(file('x', 'video/mp4'), 'image/*')).toBe(false);
    expect(matchesAccept(file('x', 'text/plain'), 'text/plain')).toBe(true);
    expect(matchesAccept(file('x.txt', ''), 'text/plain')).toBe(false);
  });

  it('splits a drop into accepted and rejected files', () => {
    const { accepted, rejected } = filterAccepted([file('a.png', 'image/png'), file('b.exe')], 'image/*');
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(rejected.map((f) => f.name)).toEqual(['b.exe']);
  });
});
