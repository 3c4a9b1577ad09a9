import { expect, it } from 'vitest';
import { findMatches } from './find-text';

it('finds matches that cross text pieces, case-insensitively', () => {
  const pieces = ['百宝', '箱 Word', ' 文档', 'word'];
  expect(findMatches(pieces, '宝箱')).toEqual([{ start: { piece: 0, offset: 1 }, end: { piece: 1, offset: 1 } }]);
  expect(findMatches(pieces, 'WORD').map((match) => match.start)).toEqual([
    { piece: 1, offset: 2 },
    { piece: 3, offset: 0 },
  ]);
  expect(findMatches(pieces, 'Word')[0]!.end).toEqual({ piece: 1, offset: 6 });
  expect(findMatches(pieces, '')).toEqual([]);
  expect(findMatches(['aaaa'], 'a', 3)).toHaveLength(3);
});
