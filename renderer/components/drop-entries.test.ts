import { describe, expect, it } from 'vitest';
import { collectDroppedFiles, dropRoots, walkDropped } from './drop-entries';

/** Just enough of the File and Directory Entries API for a drop of one folder and one loose file. */
function fileEntry(fullPath: string): FileSystemFileEntry {
  const name = fullPath.split('/').at(-1)!;
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (success: (file: File) => void) => success(new File([name], name)),
  } as unknown as FileSystemFileEntry;
}
function folderEntry(fullPath: string, children: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').at(-1)!,
    fullPath,
    createReader: () => {
      let given = false;
      return { readEntries: (success: (entries: FileSystemEntry[]) => void) => success(given ? [] : ((given = true), children)) };
    },
  } as unknown as FileSystemDirectoryEntry;
}
const transferOf = (entries: FileSystemEntry[]) =>
  ({ items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })), files: [] }) as unknown as DataTransfer;

describe('collectDroppedFiles', () => {
  it('gives files inside a dropped folder the relative path a folder pick would give them', async () => {
    const photos = folderEntry('/photos', [fileEntry('/photos/a.jpg'), folderEntry('/photos/2024', [fileEntry('/photos/2024/b.jpg')])]);
    const files = await collectDroppedFiles(transferOf([photos, fileEntry('/loose.txt')]));
    // Node's File has no webkitRelativePath of its own; the browser's is '' for a loose file.
    expect(files.map((file) => [file.name, (file as { webkitRelativePath?: string }).webkitRelativePath ?? ''])).toEqual([
      ['a.jpg', 'photos/a.jpg'],
      ['b.jpg', 'photos/2024/b.jpg'],
      ['loose.txt', ''],
    ]);
  });
});

describe('walkDropped (FileDropZone folder-entries mode)', () => {
  it('keeps every folder, empty ones marked, files with their folder paths, and leaves skipped folders unread', async () => {
    const listed: string[] = [];
    const counting = (entry: FileSystemDirectoryEntry) => {
      const createReader = entry.createReader;
      return Object.assign(entry, { createReader: () => (listed.push(entry.fullPath), createReader()) });
    };
    const project = counting(
      folderEntry('/project', [
        fileEntry('/project/a.txt'),
        counting(folderEntry('/project/empty', [])),
        counting(folderEntry('/project/node_modules', [fileEntry('/project/node_modules/x.js')])),
      ]),
    );
    const tree = await walkDropped(dropRoots(transferOf([project, fileEntry('/loose.txt')])), {
      skip: (folder) => folder.name === 'node_modules',
    });
    expect(tree.files.map((file) => (file as { webkitRelativePath?: string }).webkitRelativePath || file.name)).toEqual([
      'project/a.txt',
      'loose.txt',
    ]);
    expect(tree.folders.map(({ path, empty, skipped }) => [path, empty, skipped])).toEqual([
      ['project', false, false],
      ['project/empty', true, false],
      ['project/node_modules', false, true],
    ]);
    expect(listed).toEqual(['/project', '/project/empty']);
  });
});
