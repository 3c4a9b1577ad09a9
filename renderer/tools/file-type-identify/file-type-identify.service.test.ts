import { describe, expect, it } from 'vitest';
import type { Identification } from '@shared/file-type/identify';
import { checkName } from '@shared/file-type/name-check';
import { applyPatches, filterRows, summarize, toCsv, toJson, toRecord } from './file-type-identify.service';
import type { ExportRecord, IdentifyRow, RecordWords } from './file-type-identify.service';

const json: Identification = {
  format: 'json',
  mime: 'application/json',
  ext: 'json',
  label: 'JSON',
  kind: 'data',
  basis: 'text',
  encoding: 'UTF-8',
  flags: [],
};
const png: Identification = { format: 'png', mime: 'image/png', ext: 'png', label: 'PNG', kind: 'image', basis: 'magic', flags: [] };

const row = (name: string, result?: Identification, extra: Partial<IdentifyRow> = {}): IdentifyRow => ({
  id: name,
  file: new File(['x'], name),
  name,
  path: name,
  size: 1,
  status: result ? 'done' : 'queued',
  ...(result ? { result, check: checkName(name, result) } : {}),
  ...extra,
});

const HEADERS: Record<keyof ExportRecord, string> = {
  path: '文件',
  size: '大小',
  type: '类型',
  mime: 'MIME',
  extension: '扩展名',
  basis: '依据',
  encoding: '编码',
  nameStatus: '检查',
  suggestedName: '建议',
  error: '错误',
};

describe('rows', () => {
  const rows = [
    row('photo.webp', json),
    row('a.png', png),
    row('download', png),
    row('waiting.bin'),
    row('gone.txt', undefined, { status: 'error', error: 'unreadable' }),
  ];

  it('filters to the files whose name disagrees with their content', () => {
    expect(filterRows(rows, 'mismatch').map((item) => item.name)).toEqual(['photo.webp', 'download']);
    expect(filterRows(rows, 'all')).toHaveLength(5);
  });

  it('summarises the batch', () => {
    expect(summarize(rows)).toEqual({ total: 5, done: 4, mismatched: 2, failed: 1 });
  });
});

describe('applyPatches', () => {
  const rows = [row('a.png'), row('b.png'), row('c.png')];

  it('merges a frame of changes in one pass, keeping unchanged rows and dropping changes for removed ones', () => {
    const next = applyPatches(
      rows,
      new Map([
        ['b.png', { status: 'running' as const }],
        ['gone.png', { status: 'done' as const }],
      ]),
    );
    expect(next.map((item) => item.status)).toEqual(['queued', 'running', 'queued']);
    expect(next[0]).toBe(rows[0]);
    expect(next[2]).toBe(rows[2]);
    expect(rows[1]?.status).toBe('queued');
  });

  it('returns the same list when no change applies, so nothing re-renders', () => {
    expect(applyPatches(rows, new Map([['gone.png', { status: 'done' as const }]]))).toBe(rows);
  });
});

describe('exports', () => {
  // What the page passes for the CSV: the words it shows, in the current language.
  const WORDS: RecordWords = {
    basis: (basis) =>
      ({ magic: '文件头特征', container: '容器内部结构', text: '文本内容分析', name: '仅凭扩展名', empty: '0 字节', none: '没有已知特征' })[
        basis
      ],
    nameCheck: (check) =>
      ({ ok: '扩展名正确', mismatch: `扩展名不符：.${check.extension}`, missing: '缺少扩展名', unchecked: '—' })[check.status],
  };
  const broken = row('=cmd|x.csv', undefined, { status: 'error', error: 'unknown' });
  const csvRecords = [
    toRecord(row('photo.webp', json), 'JSON 数据文件', '', WORDS),
    toRecord(row('a.png', png), 'PNG 图片', '', WORDS),
    toRecord(broken, '', '识别失败：a, "b"', WORDS),
  ];
  const jsonRecords = [toRecord(row('photo.webp', json), 'JSON 数据文件', ''), toRecord(broken, '', '识别失败：a, "b"')];

  it('writes CSV with a BOM, translated headers, translated basis and name check, quoting and defused formulas', () => {
    const csv = toCsv(csvRecords, HEADERS);
    expect(csv.startsWith('\uFEFF文件,大小,类型,MIME,扩展名,依据,编码,检查,建议,错误\r\n')).toBe(true);
    expect(csv).toContain('photo.webp,1,JSON 数据文件,application/json,json,文本内容分析,UTF-8,扩展名不符：.webp,photo.json,\r\n');
    expect(csv).toContain('a.png,1,PNG 图片,image/png,png,文件头特征,,扩展名正确,,\r\n');
    expect(csv).toContain(`'=cmd|x.csv,1,,,,,,,,"识别失败：a, ""b"""\r\n`);
    expect(csv).not.toMatch(/,(magic|text|mismatch|ok),/);
    expect(csv.split('\r\n')).toHaveLength(5);
  });

  it('keeps the codes in JSON, which reads back to the same records', () => {
    expect(jsonRecords[0]).toMatchObject({ basis: 'text', nameStatus: 'mismatch', suggestedName: 'photo.json' });
    expect(jsonRecords[1]).toMatchObject({ basis: '', nameStatus: '' });
    expect(JSON.parse(toJson(jsonRecords))).toEqual(jsonRecords);
  });
});
