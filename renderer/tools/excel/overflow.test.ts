import { describe, expect, it } from 'vitest';
import type { CellStyle, CellView } from './model';
import { spillEnds } from './overflow';

const styles: Record<number, CellStyle> = { 1: { wrap: true }, 2: { hAlign: 'center' }, 3: { fill: '#FFFF00' } };
const ends = (row: CellView[], lastCol = 10, blocked: (c: number) => boolean = () => false) =>
  Object.fromEntries(spillEnds(row, lastCol, (cell) => (cell.style === undefined ? undefined : styles[cell.style]), blocked));

describe('text running into empty neighbours', () => {
  it('runs on to the column before the next cell with text, or to the edge of what is drawn', () => {
    expect(
      ends([
        { r: 1, c: 1, text: 'a long title' },
        { r: 1, c: 4, text: 'x' },
      ]),
    ).toEqual({ 1: 3, 4: 10 });
    expect(ends([{ r: 1, c: 2, text: 'title' }], 5)).toEqual({ 2: 5 });
  });

  it('runs over empty cells that only have a fill, but never over a merge', () => {
    expect(
      ends(
        [
          { r: 1, c: 1, text: 'title' },
          { r: 1, c: 2, text: '', style: 3 },
        ],
        4,
      ),
    ).toEqual({ 1: 4 });
    expect(ends([{ r: 1, c: 1, text: 'title' }], 6, (c) => c === 3)).toEqual({ 1: 2 });
  });

  it('keeps numbers, wrapped, centred, multi-line and merged cells in their own box', () => {
    expect(
      ends([
        { r: 1, c: 1, text: '12345678', numeric: true },
        { r: 1, c: 3, text: 'wrapped text', style: 1 },
        { r: 1, c: 5, text: 'centred', style: 2 },
        { r: 1, c: 7, text: 'two\nlines' },
        { r: 1, c: 9, text: 'merged', colSpan: 2 },
      ]),
    ).toEqual({});
  });

  it('does not spill a cell whose right neighbour has text', () => {
    expect(
      ends(
        [
          { r: 1, c: 1, text: 'a' },
          { r: 1, c: 2, text: 'b' },
        ],
        2,
      ),
    ).toEqual({});
  });
});
