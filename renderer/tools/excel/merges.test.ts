import { describe, expect, it } from 'vitest';
import { shiftMerges } from './merges';

const block = { top: 3, left: 2, bottom: 5, right: 4 };

describe('merges after inserting and deleting lines', () => {
  it('moves ranges below an insert and grows ranges it cuts through', () => {
    expect(shiftMerges([block], 'row', 1, 2)).toEqual([{ top: 5, left: 2, bottom: 7, right: 4 }]);
    expect(shiftMerges([block], 'row', 4, 1)).toEqual([{ top: 3, left: 2, bottom: 6, right: 4 }]);
    expect(shiftMerges([block], 'row', 6, 1)).toEqual([block]);
    expect(shiftMerges([block], 'col', 2, 1)).toEqual([{ top: 3, left: 3, bottom: 5, right: 5 }]);
  });

  it('shrinks, moves or drops ranges on delete', () => {
    expect(shiftMerges([block], 'row', 1, -2)).toEqual([{ top: 1, left: 2, bottom: 3, right: 4 }]);
    expect(shiftMerges([block], 'row', 4, -1)).toEqual([{ top: 3, left: 2, bottom: 4, right: 4 }]);
    expect(shiftMerges([block], 'row', 2, -3)).toEqual([{ top: 2, left: 2, bottom: 2, right: 4 }]);
    expect(shiftMerges([block], 'row', 3, -3)).toEqual([]);
    expect(shiftMerges([block], 'col', 3, -2)).toEqual([{ top: 3, left: 2, bottom: 5, right: 2 }]);
  });

  it('drops a range left as one cell', () => {
    expect(shiftMerges([{ top: 1, left: 1, bottom: 2, right: 1 }], 'row', 2, -1)).toEqual([]);
  });
});
