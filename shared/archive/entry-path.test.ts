import { describe, expect, it } from 'vitest';
import { safeEntryPath } from './entry-path';

describe('safeEntryPath', () => {
  it.each([
    ['docs/readme.md', 'docs/readme.md'],
    ['./docs//readme.md', 'docs/readme.md'],
    ['dir\\sub\\file.txt', 'dir/sub/file.txt'],
    ['folder/', 'folder'],
    ['中文/文件.txt', '中文/文件.txt'],
    ['a..b/c..', 'a..b/c..'],
  ])('keeps %j as %j', (raw, path) => {
    expect(safeEntryPath(raw)).toEqual({ ok: true, path });
  });

  it.each([
    ['../evil.sh', 'traversal'],
    ['a/../../evil.sh', 'traversal'],
    ['a\\..\\..\\evil.sh', 'traversal'],
    ['/etc/passwd', 'absolute'],
    ['//server/share/x', 'absolute'],
    ['\\\\server\\share', 'absolute'],
    ['C:/Windows/win.ini', 'absolute'],
    ['c:evil', 'absolute'],
    ['./', 'empty'],
    ['', 'empty'],
    ['name\u0000.txt', 'control'],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(safeEntryPath(raw)).toEqual({ ok: false, reason });
  });
});
