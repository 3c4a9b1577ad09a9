import { describe, expect, it } from 'vitest';
import { renameSheetIn, shiftFormula } from './formula-shift';
import type { LineChange } from './formula-shift';

const rows = (at: number, delta: number, sheet = 'Sheet1'): LineChange => ({ sheet, axis: 'row', at, delta });
const cols = (at: number, delta: number, sheet = 'Sheet1'): LineChange => ({ sheet, axis: 'col', at, delta });

describe('shiftFormula', () => {
  it('moves references at or past an inserted row, absolute ones too, and stretches ranges across it', () => {
    expect(shiftFormula('A1+A2+$A$3+SUM(B1:B10)', 'Sheet1', rows(2, 2))).toBe('A1+A4+$A$5+SUM(B1:B12)');
    expect(shiftFormula('SUM(B2:B3)', 'Sheet1', rows(2, 1))).toBe('SUM(B3:B4)');
  });

  it('moves references past inserted columns', () => {
    expect(shiftFormula('$B$1*C2+A1', 'Sheet1', cols(2, 1))).toBe('$C$1*D2+A1');
    expect(shiftFormula('SUM(A1:D1)', 'Sheet1', cols(3, 2))).toBe('SUM(A1:F1)');
  });

  it('turns a reference into deleted rows into #REF! and shrinks ranges that lose some rows', () => {
    expect(shiftFormula('A2+A5', 'Sheet1', rows(2, -2))).toBe('#REF!+A3');
    expect(shiftFormula('SUM(A1:A10)', 'Sheet1', rows(2, -3))).toBe('SUM(A1:A7)');
    expect(shiftFormula('SUM(A3:A10)', 'Sheet1', rows(2, -3))).toBe('SUM(A2:A7)');
    expect(shiftFormula('SUM(A1:A3)', 'Sheet1', rows(3, -5))).toBe('SUM(A1:A2)');
    expect(shiftFormula('SUM(A2:A4)', 'Sheet1', rows(2, -3))).toBe('SUM(#REF!)');
  });

  it('leaves text in strings, names, functions and other error values alone', () => {
    expect(shiftFormula('"A1 to A9: "&A9&LOG10(A1)&myName', 'Sheet1', rows(1, 1))).toBe('"A1 to A9: "&A10&LOG10(A2)&myName');
    expect(shiftFormula('#REF!+"B2"', 'Sheet1', rows(1, -1))).toBe('#REF!+"B2"');
  });

  it('follows the sheet named in a reference, quoted names with spaces included, ignoring case', () => {
    const change = rows(1, 1, 'Q1 Sales');
    expect(shiftFormula("'Q1 Sales'!A1+A1+Other!A1", 'Sheet1', change)).toBe("'Q1 Sales'!A2+A1+Other!A1");
    expect(shiftFormula("'q1 sales'!B2:C3", 'Sheet1', change)).toBe("'q1 sales'!B3:C4");
    expect(shiftFormula('A1', 'Q1 Sales', change)).toBe('A2');
    expect(shiftFormula("SUM('Q1 Sales'!A2)", 'Sheet1', rows(2, -1, 'Q1 Sales'))).toBe("SUM('Q1 Sales'!#REF!)");
  });

  it('leaves whole columns alone when rows change and whole rows alone when columns change', () => {
    expect(shiftFormula('SUM(A:A)+SUM(3:5)', 'Sheet1', rows(1, 1))).toBe('SUM(A:A)+SUM(4:6)');
    expect(shiftFormula('SUM(A:A)+SUM(3:5)+SUM(C:D)', 'Sheet1', cols(1, 1))).toBe('SUM(B:B)+SUM(3:5)+SUM(D:E)');
    expect(shiftFormula('SUM(B:B)', 'Sheet1', cols(2, -1))).toBe('SUM(#REF!)');
  });

  it('keeps references to other workbooks as written', () => {
    expect(shiftFormula('[1]Sheet1!A1+A1', 'Sheet1', rows(1, 1))).toBe('[1]Sheet1!A1+A2');
  });

  it('gives #REF! for a reference pushed off the last row', () => {
    expect(shiftFormula('A1048576+A1', 'Sheet1', rows(5, 1))).toBe('#REF!+A1');
  });

  it('returns the same text when nothing moved', () => {
    expect(shiftFormula('SUM( A1 , B1 )', 'Sheet1', rows(5, 3))).toBe('SUM( A1 , B1 )');
  });
});

describe('renameSheetIn', () => {
  it('points references at a renamed sheet, quoting the new name when it needs it', () => {
    expect(renameSheetIn('Data!A1+SUM(\'data\'!B1:B3)+Other!A1+"Data!A1"', 'Data', 'Q1 Sales')).toBe(
      "'Q1 Sales'!A1+SUM('Q1 Sales'!B1:B3)+Other!A1+\"Data!A1\"",
    );
    expect(renameSheetIn("'Q1 Sales'!$A:$A", 'Q1 Sales', '汇总')).toBe('汇总!$A:$A');
    expect(renameSheetIn('A1+[1]Data!A1', 'Data', 'X')).toBe('A1+[1]Data!A1');
  });

  it('makes references to a deleted sheet #REF!', () => {
    expect(renameSheetIn('SUM(Data!A1:A3)+B1', 'Data', null)).toBe('SUM(#REF!)+B1');
  });
});
