import { describe, expect, it } from 'vitest';
import { createInBrowser, planEntries } from './browser-create';

const file = (text: string) => new Blob([text]);
const DAY = Date.UTC(2023, 5, 1, 12, 0, 0);

/** Names (a pax header's path when there is one), types ('0' file, '5' folder) and dates of a tar's entries. */
async function tarEntries(blob: Blob): Promise<{ name: string; type: string; modified: number }[]> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const out: { name: string; type: string; modified: number }[] = [];
  const field = (at: number, length: number) => new TextDecoder().decode(bytes.subarray(at, at + length)).replace(/\0.*$/s, '');
  let paxPath: string | undefined;
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {
    const prefix = field(at + 345, 155);
    const size = parseInt(field(at + 124, 12).trim() || '0', 8);
    const type = field(at + 156, 1);
    if (type === 'x') paxPath = /\d+ path=(.*)\n/.exec(field(at + 512, size))?.[1];
    else {
      out.push({
        name: paxPath ?? (prefix ? `${prefix}/` : '') + field(at, 100),
        type,
        modified: parseInt(field(at + 136, 12).trim(), 8) * 1000,
      });
      paxPath = undefined;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

describe('planEntries', () => {
  it('adds empty folders with their dates, and dates the folders files live in from the folders given', () => {
    const entries = planEntries(
      [{ file: file('a'), path: '项目/文档/a.txt', modified: DAY }],
      [{ path: '项目/空文件夹', modified: DAY + 2000 }, { path: '项目/文档', modified: DAY + 4000 }, { path: '项目/文档/a.txt' }],
    );
    expect(entries.map(({ path, directory, modified }) => [path, directory, modified])).toEqual([
      ['项目', true, DAY],
      ['项目/文档', true, DAY + 4000],
      ['项目/文档/a.txt', false, DAY],
      ['项目/空文件夹', true, DAY + 2000],
    ]);
  });
});

describe('createInBrowser', () => {
  it('writes the empty folders of a dropped folder into a tar', async () => {
    const result = await createInBrowser(
      [{ file: file('hello'), path: '项目/说明.txt', modified: DAY }],
      { format: 'tar', level: 6 },
      {
        baseName: '项目',
        folders: [
          { path: '项目/空文件夹', modified: DAY },
          { path: '项目/深/更深', modified: DAY },
        ],
      },
    );
    if (result.kind !== 'blob') throw new Error('expected a blob');
    expect(result.fileName).toBe('项目.tar');
    expect(await tarEntries(result.blob)).toEqual([
      { name: '项目/', type: '5', modified: DAY },
      { name: '项目/说明.txt', type: '0', modified: DAY },
      { name: '项目/空文件夹/', type: '5', modified: DAY },
      { name: '项目/深/', type: '5', modified: DAY },
      { name: '项目/深/更深/', type: '5', modified: DAY },
    ]);
  });
});
