import { describe, expect, it } from 'vitest';
import { entriesFromDrop, entriesFromHandle } from './folder-source';
import { buildTree, DEFAULT_IGNORE, ignoredBy, needsReread, renderTreeLines, shapeTree } from './folder-tree.service';

/** A folder as nested objects: a number is a file of that many bytes. */
type Layout = { [name: string]: number | Layout };

/** Stand-ins for File System Access handles that count which files were opened. */
function handleOf(name: string, layout: Layout, opened: string[], path = name): FileSystemDirectoryHandle {
  const children = Object.entries(layout).map(([child, value]) =>
    typeof value === 'number'
      ? { kind: 'file', name: child, getFile: async () => (opened.push(`${path}/${child}`), { size: value }) }
      : handleOf(child, value, opened, `${path}/${child}`),
  );
  return {
    kind: 'directory',
    name,
    async *values() {
      yield* children;
    },
  } as unknown as FileSystemDirectoryHandle;
}

/** Stand-ins for the entries of a drop (webkitGetAsEntry), counting files read and folders listed. */
function entryOf(name: string, layout: Layout | number, read: string[], parent = ''): FileSystemEntry {
  const fullPath = `${parent}/${name}`;
  if (typeof layout === 'number') {
    return {
      isFile: true,
      isDirectory: false,
      name,
      fullPath,
      file: (done: (file: { name: string; size: number }) => void) => (read.push(fullPath), done({ name, size: layout })),
    } as unknown as FileSystemEntry;
  }
  const children = Object.entries(layout).map(([child, value]) => entryOf(child, value, read, fullPath));
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      read.push(`${fullPath}/`);
      let given = false;
      return { readEntries: (done: (batch: FileSystemEntry[]) => void) => done(given ? [] : ((given = true), children)) };
    },
  } as unknown as FileSystemEntry;
}

const project: Layout = {
  'index.ts': 3,
  src: { 'a.ts': 1, node_modules: { 'nested.js': 1 } },
  node_modules: { lib: { 'i.js': 100, 'j.js': 100 } },
  '.git': { HEAD: 20 },
};

const draw = (entries: Parameters<typeof buildTree>[0], rules = DEFAULT_IGNORE) =>
  renderTreeLines(shapeTree(buildTree(entries), { ignore: rules, foldersOnly: false, sort: 'name' }).root, { showSizes: true }).join('\n');

describe('reading a picked folder', () => {
  it('never walks into folders the rules ignore (node_modules, .git), and says which it left unread', async () => {
    const opened: string[] = [];
    const read = await entriesFromHandle(handleOf('proj', project, opened), ignoredBy(DEFAULT_IGNORE));
    expect(opened.sort()).toEqual(['proj/index.ts', 'proj/src/a.ts']);
    expect(read.skipped.sort()).toEqual(['.git/', 'node_modules/', 'src/node_modules/']);
    // The tree is the one a full read gives under the same rules.
    const full = await entriesFromHandle(handleOf('proj', project, []));
    expect(draw(read.entries)).toBe(draw(full.entries));
    expect(full.skipped).toEqual([]);
  });

  it('reads everything again once the rules stop ignoring a folder it left unread', async () => {
    const { skipped } = await entriesFromHandle(handleOf('proj', project, []), ignoredBy(DEFAULT_IGNORE));
    expect(needsReread(skipped, DEFAULT_IGNORE)).toBe(false);
    expect(needsReread(skipped, `${DEFAULT_IGNORE}\n*.log`)).toBe(false);
    expect(needsReread(skipped, '.git')).toBe(true);
    expect(needsReread([], '')).toBe(false);
  });
});

describe('reading a drop', () => {
  it('one dropped folder: rules match below it, ignored folders are not listed', async () => {
    const read: string[] = [];
    const result = await entriesFromDrop([entryOf('proj', project, read)], ignoredBy(DEFAULT_IGNORE));
    expect(read.filter((path) => path.includes('node_modules') || path.includes('.git'))).toEqual([]);
    expect(result.skipped.sort()).toEqual(['.git/', 'node_modules/', 'src/node_modules/']);
    expect(draw(result.entries)).toBe(draw((await entriesFromDrop([entryOf('proj', project, [])])).entries));
  });

  it('several dropped things sit under `.`, so a dropped node_modules is itself ignored', async () => {
    const read: string[] = [];
    const result = await entriesFromDrop(
      [entryOf('node_modules', { 'x.js': 1 }, read), entryOf('a.txt', 2, read)],
      ignoredBy(DEFAULT_IGNORE),
    );
    expect(read).toEqual(['/a.txt']);
    expect(result.skipped).toEqual(['node_modules/']);
    expect(draw(result.entries)).toBe('. (2 B)\n└── a.txt (2 B)');
  });
});

describe('big folders', () => {
  it('a flat folder of 50 000 files builds in seconds at most (it once froze the page for minutes)', () => {
    const entries = Array.from({ length: 50_000 }, (_, index) => ({ path: `photos/DCIM/IMG_${index}.jpg`, size: index }));
    const started = performance.now();
    const tree = buildTree(entries);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(tree.children[0]!.children).toHaveLength(50_000);
  });
});
