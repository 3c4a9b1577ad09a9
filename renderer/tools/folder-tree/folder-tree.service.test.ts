import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/format';
import { buildTree, DEFAULT_IGNORE, MAX_DEPTH, renderOutput, renderTreeLines, shapeTree } from './folder-tree.service';
import type { PathEntry, TreeOptions, TreeResult } from './folder-tree.service';

const defaults: TreeOptions = { ignore: DEFAULT_IGNORE, foldersOnly: false, sort: 'name' };

/** The fixture the expected outputs below were taken from, with `tree` 2.1.0 on Debian. */
const demo: PathEntry[] = [
  { path: 'demo/readme.md', size: 5 },
  { path: 'demo/package.json', size: 2 },
  { path: 'demo/src/index.ts', size: 10 },
  { path: 'demo/src/utils/a.ts', size: 1 },
  { path: 'demo/docs', directory: true },
  { path: 'demo/node_modules/x/i.js', size: 0 },
];

const shape = (entries: PathEntry[], options: Partial<TreeOptions> = {}) => shapeTree(buildTree(entries), { ...defaults, ...options });
const draw = (result: TreeResult, showSizes = false) => renderTreeLines(result.root, { showSizes }).join('\n');

describe('layout', () => {
  it('matches `tree -I node_modules demo` line for line', () => {
    expect(draw(shape(demo))).toBe(
      ['demo', '├── docs', '├── package.json', '├── readme.md', '└── src', '    ├── index.ts', '    └── utils', '        └── a.ts'].join(
        '\n',
      ),
    );
  });

  it('matches `tree demo` (nothing ignored), including the │ continuation and the report counts', () => {
    const result = shape(demo, { ignore: '' });
    expect(draw(result)).toBe(
      [
        'demo',
        '├── docs',
        '├── node_modules',
        '│   └── x',
        '│       └── i.js',
        '├── package.json',
        '├── readme.md',
        '└── src',
        '    ├── index.ts',
        '    └── utils',
        '        └── a.ts',
      ].join('\n'),
    );
    // tree: "6 directories, 5 files"
    expect(result.stats).toMatchObject({ folders: 6, files: 5, ignoredEntries: 0 });
  });

  it('text output is the drawing, a blank line and the summary, like tree', () => {
    expect(renderOutput(shape([{ path: 'r/a', size: 1 }]), 'text', { showSizes: false, summary: '1 directory, 1 file' })).toBe(
      'r\n└── a\n\n1 directory, 1 file\n',
    );
  });

  it('JSON has the shape of `tree -J -I node_modules demo`', () => {
    const fromTree = [
      {
        type: 'directory',
        name: 'demo',
        contents: [
          { type: 'directory', name: 'docs' },
          { type: 'file', name: 'package.json' },
          { type: 'file', name: 'readme.md' },
          {
            type: 'directory',
            name: 'src',
            contents: [
              { type: 'file', name: 'index.ts' },
              { type: 'directory', name: 'utils', contents: [{ type: 'file', name: 'a.ts' }] },
            ],
          },
        ],
      },
      { type: 'report', directories: 4, files: 4 },
    ];
    expect(JSON.parse(renderOutput(shape(demo), 'json', { showSizes: false }))).toEqual(fromTree);
  });

  it('Markdown wraps the drawing in a fence and puts the summary after it', () => {
    expect(renderOutput(shape([{ path: 'r/a', size: 1 }]), 'markdown', { showSizes: false, summary: 'S' })).toBe(
      '```text\nr\n└── a\n```\n\nS\n',
    );
  });

  it('a name with backticks cannot close the Markdown fence', () => {
    const out = renderOutput(shape([{ path: 'r/a````b', size: 1 }]), 'markdown', { showSizes: false });
    expect(out.startsWith('`````text\n')).toBe(true);
    expect(out.trimEnd().endsWith('\n`````')).toBe(true);
  });
});

describe('building the tree', () => {
  it('nests deep paths and merges shared parents', () => {
    const result = shape([
      { path: 'p/a/b/c/d.txt', size: 1 },
      { path: 'p/a/b/e.txt', size: 2 },
      { path: 'p/a/f.txt', size: 3 },
    ]);
    expect(draw(result)).toBe(
      ['p', '└── a', '    ├── b', '    │   ├── c', '    │   │   └── d.txt', '    │   └── e.txt', '    └── f.txt'].join('\n'),
    );
    expect(result.stats).toMatchObject({ folders: 4, files: 3, size: 6 });
  });

  it('keeps empty folders that arrive as directory entries, and counts them', () => {
    const result = shape([
      { path: 'p/empty', directory: true },
      { path: 'p/full/x', size: 1 },
      { path: 'p/full/nested-empty', directory: true },
    ]);
    expect(draw(result)).toBe(['p', '├── empty', '└── full', '    ├── nested-empty', '    └── x'].join('\n'));
    expect(result.stats).toMatchObject({ folders: 4, files: 1 });
  });

  it('keeps Unicode names intact and sorts them deterministically: Latin first, then Chinese by pinyin', () => {
    const entries: PathEntry[] = [
      { path: '项目/文档/说明.md', size: 4 },
      { path: '项目/😀 emoji.txt', size: 1 },
      { path: '项目/张三.txt', size: 1 },
      { path: '项目/Ünïcödé', directory: true },
      { path: '项目/abc.txt', size: 1 },
    ];
    const expected = ['项目', '├── 😀 emoji.txt', '├── abc.txt', '├── Ünïcödé', '├── 文档', '│   └── 说明.md', '└── 张三.txt'].join('\n');
    expect(draw(shape(entries))).toBe(expected);
    expect(draw(shape([...entries].reverse()))).toBe(expected);
  });

  it('uses `.` as the root when several top-level things are dropped', () => {
    expect(
      draw(
        shape([
          { path: 'a.txt', size: 1 },
          { path: 'dir/b.txt', size: 1 },
        ]),
      ),
    ).toBe(['.', '├── a.txt', '└── dir', '    └── b.txt'].join('\n'));
  });

  it('ignores leading slashes (drop entries), backslashes, `.` and `..` segments', () => {
    expect(
      draw(
        shape([
          { path: '/r/./a/../b', size: 1 },
          { path: 'r\\c', size: 1 },
        ]),
      ),
    ).toBe(['r', '├── a', '│   └── b', '└── c'].join('\n'));
  });

  it('replaces control characters in names so a newline cannot break the drawing', () => {
    expect(draw(shape([{ path: 'r/bad\nname', size: 1 }]))).toBe('r\n└── bad?name');
  });

  it('does not modify the raw tree, so options can change without rebuilding', () => {
    const raw = buildTree(demo);
    const before = JSON.stringify(raw);
    shapeTree(raw, { ...defaults, foldersOnly: true, sort: 'size', maxDepth: 1 });
    expect(JSON.stringify(raw)).toBe(before);
  });
});

describe('sorting', () => {
  const entries: PathEntry[] = [
    { path: 'r/file10.txt', size: 30 },
    { path: 'r/file2.txt', size: 30 },
    { path: 'r/big', size: 500 },
    { path: 'r/zdir/x', size: 100 },
    { path: 'r/Adir/y', size: 1 },
  ];
  const top = (result: TreeResult) => result.root.children.map((child) => child.name);

  it('by name: natural order for numbers, stable regardless of input order', () => {
    expect(top(shape(entries))).toEqual(['Adir', 'big', 'file2.txt', 'file10.txt', 'zdir']);
    expect(top(shape([...entries].reverse()))).toEqual(['Adir', 'big', 'file2.txt', 'file10.txt', 'zdir']);
  });

  it('by size: largest first, folders by their total, ties by name', () => {
    expect(top(shape(entries, { sort: 'size' }))).toEqual(['big', 'zdir', 'file2.txt', 'file10.txt', 'Adir']);
  });

  it('folders first, each group by name', () => {
    expect(top(shape(entries, { sort: 'folders-first' }))).toEqual(['Adir', 'zdir', 'big', 'file2.txt', 'file10.txt']);
  });

  it('names that collate equal still get one fixed order', () => {
    const a = top(
      shape([
        { path: 'r/a', size: 1 },
        { path: 'r/A', size: 1 },
      ]),
    );
    const b = top(
      shape([
        { path: 'r/A', size: 1 },
        { path: 'r/a', size: 1 },
      ]),
    );
    expect(a).toEqual(b);
  });
});

describe('ignore rules (.gitignore syntax)', () => {
  it('drops node_modules and .git by default, anywhere in the tree', () => {
    const result = shape([
      { path: 'r/.git/HEAD', size: 1 },
      { path: 'r/node_modules/a/index.js', size: 1 },
      { path: 'r/pkg/node_modules/b.js', size: 1 },
      { path: 'r/.gitignore', size: 1 },
    ]);
    expect(draw(result)).toBe(['r', '├── .gitignore', '└── pkg'].join('\n'));
    expect(result.stats.ignoredEntries).toBe(3);
  });

  it('supports globs, negation, anchored paths and folder-only rules', () => {
    const result = shape(
      [
        { path: 'r/a.log', size: 1 },
        { path: 'r/keep.log', size: 1 },
        { path: 'r/build', size: 1 },
        { path: 'r/sub/build/out.js', size: 1 },
        { path: 'r/dist/x.js', size: 1 },
        { path: 'r/sub/dist/y.js', size: 1 },
      ],
      { ignore: '*.log\n!keep.log\nbuild/\n/dist\n# a comment' },
    );
    // `build/` drops the folder but not the file called build; `/dist` only at the root.
    expect(draw(result)).toBe(['r', '├── build', '├── keep.log', '└── sub', '    └── dist', '        └── y.js'].join('\n'));
  });

  it('a file inside an ignored folder cannot be re-included, as in git', () => {
    expect(
      draw(
        shape(
          [
            { path: 'r/logs/keep.txt', size: 1 },
            { path: 'r/x', size: 1 },
          ],
          { ignore: 'logs/\n!logs/keep.txt' },
        ),
      ),
    ).toBe('r\n└── x');
  });

  it('an emptied ignore list shows everything', () => {
    expect(shape(demo, { ignore: '' }).stats.files).toBe(5);
  });

  it('ignored files do not count towards sizes', () => {
    const result = shape([
      { path: 'r/a', size: 10 },
      { path: 'r/node_modules/big', size: 1000 },
    ]);
    expect(result.stats.size).toBe(10);
  });

  it('a malformed rule matches nothing instead of failing, as in git', () => {
    expect(shape(demo, { ignore: '[\na\\' }).stats.files).toBe(5);
  });
});

describe('depth cap', () => {
  /** r/l1/l2/…/l12/leaf.txt: twelve folder levels below the root. */
  const deep: PathEntry[] = [
    { path: `r/${Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('/')}/leaf.txt`, size: 7 },
    { path: 'r/top.txt', size: 1 },
  ];

  it('is 10 by default (spec §5)', () => {
    expect(MAX_DEPTH).toBe(10);
  });

  it('lists ten levels, marks the folder it cut and counts what it hid', () => {
    const result = shape(deep);
    const lines = draw(result).split('\n');
    // Root plus l1…l10 plus top.txt; l11, l12 and leaf.txt are hidden.
    expect(lines).toHaveLength(12);
    expect(lines.at(-2)).toMatch(/└── l10$/);
    expect(lines.some((line) => line.includes('l11'))).toBe(false);
    expect(result.stats).toMatchObject({ folders: 11, files: 1, truncatedFolders: 1, hiddenEntries: 3 });
    // The folder sizes still include what the cap hid.
    expect(result.stats.size).toBe(8);
    expect(renderTreeLines(result.root, { showSizes: false, truncatedMark: '[…]' }).some((line) => line.endsWith('l10 […]'))).toBe(true);
  });

  it('exactly ten levels deep is not cut', () => {
    const result = shape([{ path: `r/${Array.from({ length: 9 }, (_, i) => `l${i + 1}`).join('/')}/leaf.txt`, size: 1 }]);
    expect(result.stats).toMatchObject({ truncatedFolders: 0, hiddenEntries: 0, files: 1, folders: 10 });
    expect(draw(result)).toContain('leaf.txt');
  });

  it('an empty folder at the cap, or one holding only ignored things, is not reported as cut', () => {
    const path = Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join('/');
    const result = shape([
      { path: `r/${path}`, directory: true },
      { path: `r/${path}/node_modules/x`, size: 1 },
    ]);
    expect(result.stats.truncatedFolders).toBe(0);
  });

  it('marks the cut in JSON', () => {
    const json = renderOutput(shape(deep), 'json', { showSizes: false });
    expect(json).toContain('"truncated": true');
  });
});

describe('folders only and sizes', () => {
  it('folders only draws folders but still counts files in the summary', () => {
    const result = shape(demo, { foldersOnly: true });
    // tree -d -I node_modules demo
    expect(draw(result)).toBe(['demo', '├── docs', '└── src', '    └── utils'].join('\n'));
    expect(result.stats).toMatchObject({ folders: 4, files: 4 });
  });

  it('sizes: files their own, folders the sum of what they hold', () => {
    const result = shape(demo);
    const lines = draw(result, true).split('\n');
    expect(lines[0]).toBe(`demo (${formatFileSize(18)})`);
    expect(lines).toContain(`└── src (${formatFileSize(11)})`);
    expect(lines).toContain(`├── docs (${formatFileSize(0)})`);
    expect(lines).toContain(`        └── a.ts (${formatFileSize(1)})`);
    expect(JSON.parse(renderOutput(result, 'json', { showSizes: true }))[1]).toEqual({
      type: 'report',
      directories: 4,
      files: 4,
      size: 18,
    });
  });

  it('sizes with folders only still include the files', () => {
    expect(draw(shape(demo, { foldersOnly: true }), true).split('\n')[0]).toBe(`demo (${formatFileSize(18)})`);
  });
});
