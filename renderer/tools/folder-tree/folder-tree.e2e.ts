import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';

let dir: string;
let project: string;
let deep: string;

/** Writes `files` (relative path → contents) under `root`, creating folders on the way. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-tree-e2e-'));
  project = join(dir, 'demo');
  writeTree(project, {
    'readme.md': 'hello',
    'package.json': '{}',
    'src/index.ts': 'export {}\n',
    'src/utils/a.ts': 'a',
    '文档/说明.txt': '中文',
    'node_modules/x/index.js': 'module.exports = 1;\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
  });
  // Twelve folder levels: the spec's cap of 10 has to cut two of them.
  deep = join(dir, 'deep');
  writeTree(deep, { [`${Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('/')}/leaf.txt`]: 'x', 'top.txt': 'y' });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(page: Page): Promise<void> {
  await page.goto('/folder/tree');
  // Generous: the first visit loads the lazy page chunk while other tests run on the same cores.
  await expect(page.getByTestId('folder-zone')).toBeVisible({ timeout: 30_000 });
}

/** A whole folder through the webkitdirectory input, as the browser's folder picker hands it over. */
const pickFolder = (page: Page, path: string) => page.getByTestId('folder-input').setInputFiles(path);

/** The output's exact text: Playwright's toHaveText would collapse the runs of spaces that make up the tree's indents. */
const outputText = (page: Page) => expect.poll(() => page.getByTestId('tree-output').evaluate((element) => element.textContent ?? ''));

/** What `tree -I 'node_modules|.git' demo` prints for the fixture (tree sorts 文档 after Latin too). */
const expectedDemo = [
  'demo',
  '├── package.json',
  '├── readme.md',
  '├── src',
  '│   ├── index.ts',
  '│   └── utils',
  '│       └── a.ts',
  '└── 文档',
  '    └── 说明.txt',
].join('\n');

test('a picked folder becomes tree text, with node_modules and .git ignored by default', async ({ page }) => {
  await open(page);
  await pickFolder(page, project);
  const output = page.getByTestId('tree-output');
  await outputText(page).toBe(`${expectedDemo}\n\n4 个文件夹，5 个文件，共 24 B\n`);
  await expect(page.getByTestId('tree-summary')).toHaveText('4 个文件夹，5 个文件，共 24 B');
  await expect(page.getByTestId('tree-ignored')).toContainText('2');
  await expect(page.getByTestId('depth-cap')).toHaveCount(0);

  // Clearing the rules brings node_modules and .git back.
  await page.getByTestId('ignore-rules').fill('');
  await outputText(page).toContain('├── node_modules\n│   └── x\n│       └── index.js');
  await outputText(page).toContain('├── .git\n│   └── HEAD');
  // A negated rule: ignore every .ts file except index.ts.
  await page.getByTestId('ignore-rules').fill('node_modules\n.git\n*.ts\n!index.ts');
  await expect(output).toContainText('index.ts');
  await expect(output).not.toContainText('a.ts');

  await page.getByTestId('ignore-rules').fill('node_modules\n.git');
  await page.getByTestId('folders-only').click();
  await outputText(page).toMatch(/^demo\n├── src\n│ {3}└── utils\n└── 文档\n\n/);
  await page.getByTestId('folders-only').click();
  await page.getByTestId('show-sizes').click();
  await expect(output).toContainText('demo (24 B)');
  await outputText(page).toContain('│   ├── index.ts (10 B)');
});

test('depth is capped at 10 levels and the page says what the cap cut', async ({ page }) => {
  await open(page);
  await pickFolder(page, deep);
  const output = page.getByTestId('tree-output');
  await expect(output).toContainText('l10 […]');
  await expect(output).not.toContainText('l11');
  await expect(output).not.toContainText('leaf.txt');
  await expect(page.getByTestId('depth-cap')).toContainText('10 层');
  await expect(page.getByTestId('depth-cap')).toContainText('1 个文件夹');
  await expect(page.getByTestId('depth-cap')).toContainText('共 3 项未列出');
});

test('Markdown and JSON output, copied and downloaded', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await pickFolder(page, project);
  const output = page.getByTestId('tree-output');

  await page.getByTestId('format').getByText('Markdown').click();
  await outputText(page).toBe(`\`\`\`text\n${expectedDemo}\n\`\`\`\n\n4 个文件夹，5 个文件，共 24 B\n`);
  await page.getByTestId('tree-copy').click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(`\`\`\`text\n${expectedDemo}\n\`\`\`\n\n4 个文件夹，5 个文件，共 24 B\n`);

  await page.getByTestId('format').getByText('JSON').click();
  await expect(output).toHaveAttribute('data-format', 'json');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tree-download').click()]);
  expect(download.suggestedFilename()).toBe('demo-tree.json');
  const json: unknown = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(json).toEqual([
    {
      type: 'directory',
      name: 'demo',
      contents: [
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
        { type: 'directory', name: '文档', contents: [{ type: 'file', name: '说明.txt' }] },
      ],
    },
    { type: 'report', directories: 4, files: 5 },
  ]);
});

test('fits a 375 px phone: the page does not scroll sideways, the tree block does', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await pickFolder(page, deep);
  // Sizes make the deepest line wider than the phone for sure.
  await page.getByTestId('show-sizes').click();
  const output = page.getByTestId('tree-output');
  await expect(output).toContainText('l10 (1 B) […]');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await output.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(page.getByTestId('tree-copy')).toBeInViewport();
  // The option switches are named in the page's language (antd would say "segmented control").
  await expect(page.getByRole('radiogroup', { name: '排序' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: '输出格式' })).toBeVisible();
});

test('the File System Access picker path lists empty folders too', async ({ page }) => {
  await open(page);
  // A real directory handle from the origin-private file system stands in for the user's choice in the system dialog.
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const picked = await root.getDirectoryHandle('picked', { create: true });
    await picked.getDirectoryHandle('empty', { create: true });
    const src = await picked.getDirectoryHandle('src', { create: true });
    const writable = await (await src.getFileHandle('main.ts', { create: true })).createWritable();
    await writable.write('abc');
    await writable.close();
    await (await picked.getDirectoryHandle('node_modules', { create: true })).getFileHandle('x.js', { create: true });
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, value: () => Promise.resolve(picked) });
  });
  await page.getByTestId('folder-zone').click();
  await outputText(page).toBe('picked\n├── empty\n└── src\n    └── main.ts\n\n3 个文件夹，1 个文件，共 3 B\n');
});

test('an ignored node_modules is never read (a big one took minutes), and is read once the rules stop ignoring it', async ({ page }) => {
  await open(page);
  await page.evaluate(async () => {
    const picked = await (await navigator.storage.getDirectory()).getDirectoryHandle('project', { create: true });
    await picked.getFileHandle('index.js', { create: true });
    const lib = await (await picked.getDirectoryHandle('node_modules', { create: true })).getDirectoryHandle('lib', { create: true });
    await Promise.all(Array.from({ length: 50 }, (_, index) => lib.getFileHandle(`f${index}.js`, { create: true })));
    // Counts every folder the page lists, to see whether it walks into node_modules.
    const listed: string[] = [];
    const values = FileSystemDirectoryHandle.prototype.values;
    FileSystemDirectoryHandle.prototype.values = function (this: FileSystemDirectoryHandle) {
      listed.push(this.name);
      return values.call(this);
    };
    Object.assign(window, { listedFolders: listed });
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, value: () => Promise.resolve(picked) });
  });
  await page.getByTestId('folder-zone').click();
  await outputText(page).toBe('project\n└── index.js\n\n1 个文件夹，1 个文件，共 0 B\n');
  await expect(page.getByTestId('tree-ignored')).toContainText('1');
  expect(await page.evaluate(() => (window as unknown as { listedFolders: string[] }).listedFolders)).toEqual(['project']);

  await page.getByTestId('ignore-rules').fill('');
  await outputText(page).toContain('└── node_modules\n    └── lib\n        ├── f0.js');
  await expect(page.getByTestId('tree-summary')).toHaveText('3 个文件夹，51 个文件，共 0 B');
});

test('a dropped folder (through the shared drop zone) keeps its empty folders and leaves node_modules unread', async ({ page }) => {
  await open(page);
  // What the browser hands a drop of a folder: FileSystemEntry objects (Playwright cannot drop a real folder).
  await page.getByTestId('folder-zone').evaluate((zone) => {
    type Node = { [name: string]: Node | string };
    const listed: string[] = [];
    Object.assign(window, { listedFolders: listed });
    const entry = (name: string, node: Node | string, parent: string): unknown => {
      const fullPath = `${parent}/${name}`;
      if (typeof node === 'string')
        return { isFile: true, isDirectory: false, name, fullPath, file: (done: (file: File) => void) => done(new File([node], name)) };
      const children = Object.entries(node).map(([child, value]) => entry(child, value, fullPath));
      return {
        isFile: false,
        isDirectory: true,
        name,
        fullPath,
        createReader: () => {
          listed.push(fullPath);
          let given = false;
          return {
            readEntries: (done: (batch: unknown[]) => void) => {
              done(given ? [] : children);
              given = true;
            },
          };
        },
      };
    };
    const root = entry('dropped', { 'a.txt': 'abc', 空: {}, src: { 'main.ts': 'x' }, node_modules: { 'x.js': 'y' } }, '');
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { items: [{ kind: 'file', webkitGetAsEntry: () => root }], files: [] } });
    zone.dispatchEvent(drop);
  });
  await outputText(page).toBe('dropped\n├── a.txt\n├── src\n│   └── main.ts\n└── 空\n\n3 个文件夹，2 个文件，共 4 B\n');
  expect(await page.evaluate(() => (window as unknown as { listedFolders: string[] }).listedFolders)).toEqual([
    '/dropped',
    '/dropped/空',
    '/dropped/src',
  ]);
});
