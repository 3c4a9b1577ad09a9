import { describe, expect, it } from 'vitest';
import { sourceRoots } from './source-roots';

describe('sourceRoots', () => {
  it('maps top-level files to themselves and nested files to their top folder', () => {
    expect(
      sourceRoots([
        { absolute: '/home/u/报告.txt', inner: '报告.txt' },
        { absolute: '/home/u/项目/a/b.txt', inner: '项目/a/b.txt' },
        { absolute: '/home/u/项目/c.txt', inner: '项目/c.txt' },
      ]),
    ).toEqual(['/home/u/报告.txt', '/home/u/项目']);
  });

  it('keeps Windows separators in what it returns', () => {
    expect(sourceRoots([{ absolute: 'C:\\Users\\u\\docs\\x.txt', inner: 'docs/x.txt' }])).toEqual(['C:\\Users\\u\\docs']);
  });

  it('refuses layouts 7-Zip cannot reproduce from disk', () => {
    expect(sourceRoots([{ absolute: '/tmp/x.txt', inner: 'renamed.txt' }])).toBeNull();
    expect(
      sourceRoots([
        { absolute: '/one/a/x.txt', inner: 'a/x.txt' },
        { absolute: '/two/a/y.txt', inner: 'a/y.txt' },
      ]),
    ).toBeNull();
    expect(sourceRoots([{ absolute: '/a/../b.txt', inner: '../b.txt' }])).toBeNull();
    expect(sourceRoots([])).toBeNull();
    expect(sourceRoots([{ absolute: '', inner: 'a.txt' }])).toBeNull();
  });
});
