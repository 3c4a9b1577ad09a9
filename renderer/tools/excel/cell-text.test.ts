import { describe, expect, it } from 'vitest';
import { dateToSerial, editorText, formatValue, parseInput, serialToDate } from './cell-text';

describe('excel cell text', () => {
  it('shows values through their number formats', () => {
    expect(formatValue(0.125, '0.00%')).toBe('12.50%');
    expect(formatValue(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(formatValue(45000, 'yyyy-mm-dd')).toBe('2023-03-15');
    expect(formatValue(new Date(Date.UTC(2024, 1, 29)), 'yyyy"年"m"月"d"日"')).toBe('2024年2月29日');
    expect(formatValue(1 / 3, undefined)).toBe('0.333333333');
    expect(formatValue(true, undefined)).toBe('TRUE');
    expect(formatValue(null, '0.00')).toBe('');
  });

  it('shows what is inside formulas, rich text, hyperlinks and errors', () => {
    expect(formatValue({ formula: 'SUM(A1:A2)', result: 2000 }, '#,##0')).toBe('2,000');
    expect(formatValue({ sharedFormula: 'A1', result: 'x' }, undefined)).toBe('x');
    expect(formatValue({ richText: [{ text: '粗' }, { text: '体' }] }, undefined)).toBe('粗体');
    expect(formatValue({ text: 'site', hyperlink: 'https://example.com' }, undefined)).toBe('site');
    expect(formatValue({ error: '#DIV/0!' }, undefined)).toBe('#DIV/0!');
    expect(formatValue({ formula: '1/0', result: { error: '#DIV/0!' } }, undefined)).toBe('#DIV/0!');
  });

  it('a format SSF cannot read shows the value rather than failing', () => {
    expect(formatValue(5, '[invalid')).toBe('5');
  });

  it('converts dates and serials both ways, in both date systems', () => {
    const date = new Date(Date.UTC(2023, 2, 15));
    expect(dateToSerial(date)).toBe(45000);
    expect(serialToDate(45000).toISOString()).toBe(date.toISOString());
    expect(dateToSerial(date, true)).toBe(45000 - 1462);
  });

  it('puts the formula in the editor, and values as typed', () => {
    expect(editorText({ formula: 'SUM(B3:B4)', result: 2000 }, 'SUM(B3:B4)', '#,##0')).toBe('=SUM(B3:B4)');
    expect(editorText(0.125, undefined, '0.00%')).toBe('0.125');
    expect(editorText(new Date(Date.UTC(2024, 0, 15)), undefined, 'yyyy-mm-dd')).toBe('2024-01-15');
  });

  it('keeps ID numbers, phone numbers and leading zeros as text', () => {
    expect(parseInput('=A1+1')).toEqual({ formula: 'A1+1' });
    expect(parseInput('42')).toEqual({ value: 42 });
    expect(parseInput('-3.5')).toEqual({ value: -3.5 });
    expect(parseInput('110101199003071234')).toEqual({ value: '110101199003071234' });
    expect(parseInput('007')).toEqual({ value: '007' });
    expect(parseInput('TRUE')).toEqual({ value: true });
    expect(parseInput('')).toEqual({ value: null });
    expect(parseInput('=')).toEqual({ value: '=' });
  });
});
