import { describe, expect, it } from 'vitest';
import type { Identification } from '@shared/file-type/identify';
import { checkName } from '@shared/file-type/name-check';
import { filterRows, summarize, toCsv, toJson, toRecord } from './file-type-identify.service';
import type { ExportRecord, IdentifyRow } from './file-type-identify.service';

const json: Identification = { format: 'json', mime: 'application/json', ext: 'json', label: 'JSON', kind: 'data', basis: 'text', encoding: 'UTF-8', flags: [] };
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

const HEADERS: Record<keyof ExportRecord, string> = { path: '文件', size: '大小', type: '类型', mime: 'MIME', extension: '扩展名', basis: '依据', encoding: '编码', nameStatus: '检查', suggestedName: '建议', error: '错误' };

describe('rows', () => {
  const rows = [row('photo.webp', json), row('a.png', png), row('download', png), row('waiting.bin'), row('gone.txt', undefined, { status: 'error', error: 'unreadable' })];

  it('filters to the files whose name disagrees with their content', () => {
    expect(filterRows(rows, 'mismatch').map((item) => item.name)).toEqual(['photo.webp', 'download']);
    expect(filterRows(rows, 'all')).toHaveLength(5);
  });

  it('summarises the batch', () => {
    expect(summarize(rows)).toEqual({ total: 5, done: 4, mismatched: 2, failed: 1 });
  });
});

describe('exports', () => {
  const records = [toRecord(row('photo.webp', json), 'JSON 数据文件', ''), toRecord(row('=cmd|x.csv', undefined, { status: 'error', error: 'unknown' }), '', '识别失败：a, "b"')];

  it('writes CSV with a BOM, translated headers, quoting and defused formulas', () => {
    const csv = toCsv(records, HEADERS);
    expect(csv.startsWith('\uFEFF文件,大小,类型,MIME,扩展名,依据,编码,检查,建议,错误\r\n')).toBe(true);
    expect(csv).toContain('photo.webp,1,JSON 数据文件,application/json,json,text,UTF-8,mismatch,photo.json,\r\n');
    expect(csv).toContain(`'=cmd|x.csv,1,,,,,,,,"识别失败：a, ""b"""\r\n`);
    expect(csv.split('\r\n')).toHaveLength(4);
  });

  it('writes JSON that reads back to the same records', () => {
    expect(JSON.parse(toJson(records))).toEqual(records);
  });
});
