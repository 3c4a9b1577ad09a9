import { describe, expect, it } from 'vitest';
import { dropRoots, walkDropped } from '@/components/drop-entries';
import { foldersFromDrop, sourcesFromDrop, suggestArchiveName } from './sources';

/** A dropped tree as the browser's FileSystemEntry API hands it out: files, folders, dates (Chromium's getMetadata). */
type Tree = { [name: string]: Tree | string };
const FOLDER_DATE = new Date(Date.UTC(2022, 1, 3, 4, 5, 6));

function entry(name: string, node: Tree | string, parent = ''): FileSystemEntry {
  const fullPath = `${parent}/${name}`;
  if (typeof node === 'string') {
    return {
      isFile: true,
      isDirectory: false,
      name,
      fullPath,
      file: (done: (file: File) => void) => done(new File([node], name)),
    } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([child, value]) => entry(child, value, fullPath));
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    getMetadata: (done: (metadata: { modificationTime: Date }) => void) => done({ modificationTime: FOLDER_DATE }),
    createReader: () => {
      // Like Chromium: entries in batches, then an empty batch.
      const batches = [children.slice(0, 2), children.slice(2), []].filter(
        (batch, index, all) => batch.length > 0 || index === all.length - 1,
      );
      return { readEntries: (done: (batch: FileSystemEntry[]) => void) => done(batches.shift() ?? []) };
    },
  } as unknown as FileSystemEntry;
}

const transferOf = (tree: Tree) =>
  ({
    items: Object.entries(tree).map(([name, node]) => ({ kind: 'file', webkitGetAsEntry: () => entry(name, node) })),
    files: [],
  }) as unknown as DataTransfer;

/** What the create panel does with a drop: FileDropZone's entries, walked, then split into files and empty folders. */
async function drop(tree: Tree) {
  const walked = await walkDropped(dropRoots(transferOf(tree)));
  return { sources: sourcesFromDrop(walked), folders: foldersFromDrop(walked) };
}

describe('sourcesFromDrop', () => {
  it('brings the empty folders of a dropped folder (with their dates) besides its files', async () => {
    const dropped = await drop({
      项目: { 'a.txt': 'a', 空文件夹: {}, 数据: { 深: { 'b.txt': 'b' }, 更空: {} }, 'c.txt': 'c' },
      'top.txt': 't',
    });
    expect(dropped.sources.map((source) => source.path)).toEqual(['项目/a.txt', '项目/数据/深/b.txt', '项目/c.txt', 'top.txt']);
    expect(dropped.folders).toEqual([
      { path: '项目/空文件夹', modified: FOLDER_DATE.getTime() },
      { path: '项目/数据/更空', modified: FOLDER_DATE.getTime() },
    ]);
  });

  it('takes a dropped empty folder on its own, named after it', async () => {
    const dropped = await drop({ 空的: {} });
    expect(dropped).toEqual({ sources: [], folders: [{ path: '空的', modified: FOLDER_DATE.getTime() }] });
    expect(suggestArchiveName(dropped.sources, 'fallback', dropped.folders)).toBe('空的');
  });
});
