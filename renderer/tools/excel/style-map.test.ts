import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from './colors';
import { StyleTable, fontStack, mapStyle } from './style-map';

describe('excel style mapping', () => {
  it('maps fonts, fills, alignment and borders to CSS values', () => {
    const style = mapStyle(
      {
        font: { name: 'Arial', size: 14, bold: true, italic: true, underline: 'single', strike: true, color: { argb: 'FF0000FF' } },
        fill: { type: 'pattern', pattern: 'solid', fgColor: { theme: 5, tint: 0 } },
        alignment: { horizontal: 'centerContinuous', vertical: 'top', wrapText: true, indent: 2 },
        border: { top: { style: 'thin', color: { argb: 'FF00FF00' } }, bottom: { style: 'double' }, left: { style: 'medium' } },
      },
      DEFAULT_THEME,
    );
    expect(style).toEqual({
      fontFamily: "'Arial', 'Noto Sans CJK SC', sans-serif",
      fontSize: 14,
      bold: true,
      italic: true,
      underline: true,
      strike: true,
      color: '#0000FF',
      fill: '#ED7D31',
      hAlign: 'center',
      vAlign: 'top',
      wrap: true,
      indent: 2,
      borderTop: '1px solid #00FF00',
      borderBottom: '3px double #000000',
      borderLeft: '2px solid #000000',
    });
  });

  it('leaves out what a plain cell has: no fill pattern, black text, no border', () => {
    expect(
      mapStyle({ fill: { type: 'pattern', pattern: 'none' }, font: { color: { argb: 'FF000000' } }, border: {} }, DEFAULT_THEME),
    ).toEqual({});
  });

  it('gives CJK fonts the fonts Linux, macOS and phones have', () => {
    expect(fontStack('宋体')).toContain('Noto Serif CJK SC');
    expect(fontStack('Microsoft YaHei')).toContain('PingFang SC');
    expect(fontStack('Times New Roman')).toMatch(/serif$/);
  });

  it('gives equal styles one id and an empty style none', () => {
    const table = new StyleTable();
    expect(table.idOf({})).toBeUndefined();
    const bold = table.idOf({ bold: true });
    expect(table.idOf({ bold: true })).toBe(bold);
    expect(table.idOf({ italic: true })).not.toBe(bold);
    expect(table.get(bold!)).toEqual({ bold: true });
  });
});
