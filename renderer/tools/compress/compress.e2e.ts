import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Download, Page } from '@playwright/test';
import { strToU8, unzipSync, Zip, ZipDeflate, zipSync } from 'fflate';
import SevenZip from '7z-wasm';
import { readZipDirectory } from '../../../shared/archive/zip-directory';

/** A folder with Chinese names, nesting, compressible text and incompressible bytes. */
const FOLDER = '项目资料';
const files: Record<string, Buffer> = {
  '说明.txt': Buffer.from('压缩解压测试：中文内容，重复多次。\n'.repeat(2000)),
  '数据/表格.csv': Buffer.from(Array.from({ length: 3000 }, (_, index) => `${index},名称${index},${index * 3.14}`).join('\n')),
  '数据/深层/随机.bin': Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 2654435761) >>> 24)),
  'readme.md': Buffer.from('# Baibao\n\nplain ASCII file\n'),
  '空文件.txt': Buffer.alloc(0),
};

let dir: string;
const folderPath = () => join(dir, FOLDER);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-compress-'));
  for (const [path, data] of Object.entries(files)) {
    const full = join(folderPath(), ...path.split('/'));
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, data);
  }
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function saved(download: Promise<Download>): Promise<{ name: string; bytes: Buffer }> {
  const item = await download;
  const path = join(dir, `dl-${Date.now()}-${item.suggestedFilename()}`);
  await item.saveAs(path);
  return { name: item.suggestedFilename(), bytes: readFileSync(path) };
}

/** Every file of an extracted listing (folder entries dropped), keyed without the top folder. */
function expectSameFiles(entries: Record<string, Uint8Array>, prefix = `${FOLDER}/`) {
  const got = Object.fromEntries(
    Object.entries(entries)
      .filter(([path]) => !path.endsWith('/'))
      .map(([path, data]) => [path.slice(prefix.length), Buffer.from(data)]),
  );
  expect(Object.keys(got).sort()).toEqual(Object.keys(files).sort());
  for (const [path, data] of Object.entries(files)) expect(got[path]!.equals(data), path).toBe(true);
}

/** Extracts an archive with 7-Zip itself (the wasm build, in Node) and returns its files; a tar.gz is unpacked twice, like 7-Zip does. */
async function extract7z(bytes: Buffer, name = 'test.7z'): Promise<Record<string, Uint8Array>> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.writeFile(`/${name}`, bytes);
  if (name.endsWith('.tar.gz')) {
    sz.callMain(['x', `/${name}`, '-o/gunzipped', '-y']);
    sz.callMain(['x', `/gunzipped/${name.slice(0, -'.gz'.length)}`, '-o/out', '-y']);
  } else sz.callMain(['x', `/${name}`, '-o/out', '-y']);
  const out: Record<string, Uint8Array> = {};
  const walk = (path: string) => {
    for (const name of sz.FS.readdir(path).filter((entry) => entry !== '.' && entry !== '..')) {
      const full = `${path}/${name}`;
      if (sz.FS.isDir(sz.FS.stat(full).mode)) walk(full);
      else out[full.slice('/out/'.length)] = sz.FS.readFile(full);
    }
  };
  walk('/out');
  return out;
}

async function createArchive(page: Page, format: string, password?: string) {
  await page.getByTestId('create-format').getByText(format, { exact: true }).click();
  if (password) await page.getByTestId('create-password').fill(password);
  await page.getByTestId('create-start').click();
  await expect(page.getByTestId('create-result')).toBeVisible({ timeout: 30_000 });
  // A late progress report must not bring the progress bar back once the job is done.
  await expect(page.getByTestId('create-start')).toBeEnabled();
  return saved(Promise.all([page.waitForEvent('download'), page.getByTestId('create-download').click()]).then(([download]) => download));
}

test('a dropped folder becomes a zip, a 7z and a tar.gz that extract byte-identical', async ({ page }) => {
  await page.goto('/compress');
  await expect(page.getByTestId('archive-engine')).toHaveAttribute('data-engine', 'browser');
  await page.getByTestId('create-folder-input').setInputFiles(folderPath());
  await expect(page.getByTestId('create-summary')).toContainText('5 个文件');

  const zip = await createArchive(page, 'zip');
  expect(zip.name).toBe(`${FOLDER}.zip`);
  const entries = unzipSync(new Uint8Array(zip.bytes));
  expect(Object.keys(entries)).toContain(`${FOLDER}/数据/深层/`);
  expectSameFiles(entries);
  // Level 6 actually compressed the text (and stored the random bytes rather than growing them).
  expect(zip.bytes.length).toBeLessThan(files['数据/深层/随机.bin']!.length + 60_000);

  const sevenZip = await createArchive(page, '7z');
  expect(sevenZip.name).toBe(`${FOLDER}.7z`);
  expect(sevenZip.bytes.subarray(0, 6).toString('hex')).toBe('377abcaf271c');
  expectSameFiles(await extract7z(sevenZip.bytes));

  const tarGz = await createArchive(page, 'tar.gz');
  expect(tarGz.name).toBe(`${FOLDER}.tar.gz`);
  expect(tarGz.bytes.subarray(0, 2).toString('hex')).toBe('1f8b');
  expectSameFiles(await extract7z(tarGz.bytes, tarGz.name));
});

test('7z, which reports no progress in the browser, says it is working instead of showing a stuck 0%', async ({ page }) => {
  // Hold 7-Zip's wasm until the page has been looked at, so the job is surely still running.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.context().route(/7zz-[^/]*\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/compress');
  await page.getByTestId('create-folder-input').setInputFiles(folderPath());
  await page.getByTestId('create-format').getByText('7z', { exact: true }).click();
  await page.getByTestId('create-start').click();
  await expect(page.getByTestId('create-progress')).toContainText('正在压缩…');
  await expect(page.getByTestId('create-progress')).not.toContainText('0%');
  release();
  await expect(page.getByTestId('create-result')).toBeVisible({ timeout: 30_000 });
});

test('a password zip asks for its password, refuses a wrong one and extracts with the right one', async ({ page }) => {
  await page.goto('/compress');
  await page.getByTestId('create-folder-input').setInputFiles(folderPath());
  const locked = await createArchive(page, 'zip', '正确的密码123');
  const lockedPath = join(dir, '加密.zip');
  writeFileSync(lockedPath, locked.bytes);

  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(lockedPath);
  const modal = page.getByRole('dialog', { name: '输入密码' });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('password-input').fill('wrong-password');
  await page.getByTestId('password-ok').click();
  // Generous: the check decrypts in a worker that the rest of a full run keeps busy on 2 cores.
  await expect(page.getByTestId('password-wrong')).toHaveText('密码不正确，请重试。', { timeout: 30_000 });
  await page.getByTestId('password-input').fill('正确的密码123');
  await page.getByTestId('password-ok').click();
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-files', '5');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('extract-all-zip').click()]);
  const out = await saved(Promise.resolve(download));
  expectSameFiles(unzipSync(new Uint8Array(out.bytes)));
});

test('one file previews as decoded text and extracts as itself', async ({ page }) => {
  const path = join(dir, 'preview.zip');
  const note = strToU8('第一行：你好，压缩包\n第二行');
  writeFileSync(
    path,
    zipSync({ '文档/笔记.txt': note, '文档/其他.bin': new Uint8Array(1000).fill(3), '文档/空文件夹/': new Uint8Array(0) }),
  );
  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(path);
  const entry = page.locator('[data-testid="entry"][data-path="文档/笔记.txt"]');
  await entry.getByTestId('entry-preview').click();
  await expect(page.getByTestId('preview-text')).toContainText('第一行：你好，压缩包');
  await page.keyboard.press('Escape');
  const single = await saved(
    Promise.all([page.waitForEvent('download'), entry.getByTestId('entry-extract').click()]).then(([download]) => download),
  );
  expect(single.name).toBe('笔记.txt');
  expect(single.bytes.equals(Buffer.from(note))).toBe(true);

  // "Extract all as ZIP" keeps the empty folder too.
  const all = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('extract-all-zip').click()]).then(([download]) => download),
  );
  expect(Object.keys(unzipSync(new Uint8Array(all.bytes))).sort()).toEqual(['文档/', '文档/其他.bin', '文档/空文件夹/', '文档/笔记.txt']);
});

test('a bare .bz2 and .xz each open as the one file inside, named after the archive', async ({ page }) => {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.writeFile('/notes.txt', '单个压缩流 bzip2 / xz\n'.repeat(50));
  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  for (const type of ['bzip2', 'xz'] as const) {
    const name = `notes.txt.${type === 'bzip2' ? 'bz2' : 'xz'}`;
    sz.callMain(['a', `-t${type}`, `/${name}`, '/notes.txt', '-y']);
    const path = join(dir, name);
    writeFileSync(path, sz.FS.readFile(`/${name}`));
    await page.getByTestId('open-input').setInputFiles(path);
    await expect(page.getByTestId('open-summary'), name).toHaveAttribute('data-files', '1');
    const entry = page.locator('[data-testid="entry"][data-path="notes.txt"]');
    await entry.getByTestId('entry-preview').click();
    await expect(page.getByTestId('preview-text'), name).toContainText('单个压缩流 bzip2 / xz');
    await page.keyboard.press('Escape');
  }
});

test('hostile archives are refused: path traversal and a zip bomb', async ({ page }) => {
  const evil = join(dir, 'evil.zip');
  writeFileSync(evil, zipSync({ 'ok.txt': strToU8('fine'), '../evil.txt': strToU8('escaped') }));

  // 200 MB of zeros, deflated at level 9 while streaming: about 200 KB on disk, a ratio over 1000.
  const bomb = join(dir, 'bomb.zip');
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const entry = new ZipDeflate('zeros.bin', { level: 9 });
  zip.add(entry);
  const block = new Uint8Array(1024 * 1024);
  for (let index = 0; index < 200; index++) entry.push(block, index === 199);
  zip.end();
  writeFileSync(bomb, Buffer.concat(chunks));
  expect((200 * 1024 * 1024) / Buffer.concat(chunks).length).toBeGreaterThan(1000);

  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(evil);
  await expect(page.getByTestId('open-error')).toContainText('路径穿越：../evil.txt');
  await expect(page.getByTestId('open-summary')).toHaveCount(0);

  await page.getByTestId('open-input').setInputFiles(bomb);
  await expect(page.getByTestId('open-error')).toContainText('疑似压缩炸弹');
  await expect(page.getByTestId('open-summary')).toHaveCount(0);
});

/** A tar holding one file: a ustar header, the data, padding and the end blocks. */
function tarOf(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.fill(0x20, 148, 156);
  header.write('0', 156);
  header.write('ustar\u000000', 257);
  header.write(
    `${header
      .reduce((sum, byte) => sum + byte, 0)
      .toString(8)
      .padStart(6, '0')}\0 `,
    148,
  );
  return Buffer.concat([header, data, Buffer.alloc((512 - (data.length % 512)) % 512), Buffer.alloc(1024)]);
}

/** A tar of files ('0'), symbolic links ('2', `link` is the target) and folders ('5'). */
function tarWith(entries: { name: string; type: '0' | '2' | '5'; data?: string; link?: string }[]): Buffer {
  const blocks = entries.map(({ name, type, data = '', link = '' }) => {
    const header = tarOf(name, Buffer.from(data)).subarray(0, 512);
    header.write(type, 156);
    header.write(link, 157);
    header.fill(0x20, 148, 156);
    header.write(
      `${header
        .reduce((sum, byte) => sum + byte, 0)
        .toString(8)
        .padStart(6, '0')}\0 `,
      148,
    );
    return Buffer.concat([header, Buffer.from(data), Buffer.alloc((512 - (data.length % 512)) % 512)]);
  });
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

/** A 7z made by 7-Zip itself (the wasm build, in Node). */
async function sevenZipOf(files: Record<string, string>): Promise<Buffer> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.mkdir('/src');
  for (const [name, data] of Object.entries(files)) sz.FS.writeFile(`/src/${name}`, data);
  sz.FS.chdir('/src');
  sz.callMain(['a', '-t7z', '/made.7z', ...Object.keys(files), '-y']);
  return Buffer.from(sz.FS.readFile('/made.7z'));
}

test("a tar.gz with symbolic links extracts (a link as its target's text), and 7-Zip keeps working for the next archive", async ({
  page,
}) => {
  const linked = join(dir, 'links.tar.gz');
  writeFileSync(
    linked,
    gzipSync(
      tarWith([
        { name: 'lib/', type: '5' },
        { name: 'lib/lib.so.1', type: '0', data: 'pretend ELF' },
        { name: 'lib/lib.so', type: '2', link: 'lib.so.1' },
        { name: 'lib/dangling', type: '2', link: '../nowhere' },
      ]),
    ),
  );
  const next = join(dir, 'next.7z');
  writeFileSync(next, await sevenZipOf({ 'after.txt': '7-Zip still works' }));

  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(linked);
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-files', '3', { timeout: 20_000 });
  const all = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('extract-all-zip').click()]).then(([download]) => download),
  );
  await expect(page.getByTestId('open-error')).toHaveCount(0);
  const entries = unzipSync(new Uint8Array(all.bytes));
  expect(Object.fromEntries(Object.entries(entries).map(([path, data]) => [path, Buffer.from(data).toString()]))).toEqual({
    'lib/': '',
    'lib/lib.so.1': 'pretend ELF',
    'lib/lib.so': 'lib.so.1',
    'lib/dangling': '../nowhere',
  });
  await page.locator('[data-testid="entry"][data-path="lib/lib.so"]').getByTestId('entry-preview').click();
  await expect(page.getByTestId('preview-text')).toHaveText('lib.so.1');
  await page.keyboard.press('Escape');

  // Every 7z, rar and tar extraction used to fail after that ("[object Object]") until the page was reloaded.
  await page.getByTestId('open-input').setInputFiles(next);
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-files', '1', { timeout: 20_000 });
  const after = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('extract-all-zip').click()]).then(([download]) => download),
  );
  await expect(page.getByTestId('open-error')).toHaveCount(0);
  expect(Buffer.from(unzipSync(new Uint8Array(after.bytes))['after.txt']!).toString()).toBe('7-Zip still works');
});

test("extracting a selection as a zip keeps each file's modification date", async ({ page }) => {
  const dated = join(dir, 'dated.zip');
  const when = (day: number) => new Date(2021, 3, day, 9, 30, 0);
  writeFileSync(
    dated,
    zipSync({
      'docs/a.txt': [strToU8('a'), { mtime: when(1) }],
      'docs/b.txt': [strToU8('b'), { mtime: when(2) }],
      'c.txt': [strToU8('c'), { mtime: when(3) }],
    }),
  );
  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(dated);
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-files', '3');
  for (const path of ['docs/b.txt', 'c.txt'])
    await page
      .locator('.ant-tree-treenode', { has: page.locator(`[data-testid="entry"][data-path="${path}"]`) })
      .locator('.ant-tree-checkbox')
      .click();
  const picked = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('extract-selected-zip').click()]).then(([download]) => download),
  );
  const listed = await readZipDirectory(
    async (offset, length) => new Uint8Array(picked.bytes.subarray(offset, offset + length)),
    picked.bytes.length,
  );
  expect(listed.filter((entry) => !entry.directory).map((entry) => [entry.name, entry.modified])).toEqual([
    ['docs/b.txt', when(2).getTime()],
    ['c.txt', when(3).getTime()],
  ]);
});

/** Paths (folders with a trailing '/') of an archive as 7-Zip (the wasm build, in Node) extracts it. */
async function pathsIn(bytes: Buffer, name: string): Promise<string[]> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.writeFile(`/${name}`, bytes);
  sz.callMain(['x', `/${name}`, '-o/out', '-y']);
  const out: string[] = [];
  const walk = (path: string) => {
    for (const child of sz.FS.readdir(path).filter((entry) => entry !== '.' && entry !== '..')) {
      const full = `${path}/${child}`;
      const folder = sz.FS.isDir(sz.FS.stat(full).mode);
      out.push(full.slice('/out/'.length) + (folder ? '/' : ''));
      if (folder) walk(full);
    }
  };
  walk('/out');
  return out.sort();
}

test('a dropped folder keeps its empty subfolders in the zip, tar and 7z it becomes', async ({ page }) => {
  await page.goto('/compress');
  // What the browser hands a drop of a folder: FileSystemEntry objects (Playwright cannot drop a real folder).
  await page.getByTestId('create-zone').evaluate((zone) => {
    type Node = { [name: string]: Node | string };
    const entry = (name: string, node: Node | string, parent: string): unknown => {
      const fullPath = `${parent}/${name}`;
      if (typeof node === 'string')
        return { isFile: true, isDirectory: false, name, fullPath, file: (done: (file: File) => void) => done(new File([node], name)) };
      const children = Object.entries(node).map(([child, value]) => entry(child, value, fullPath));
      let given = false;
      return {
        isFile: false,
        isDirectory: true,
        name,
        fullPath,
        createReader: () => ({
          readEntries: (done: (batch: unknown[]) => void) => {
            done(given ? [] : children);
            given = true;
          },
        }),
      };
    };
    const root = entry('相册', { '说明.txt': '一些文字', 空相册: {}, 二〇二四: { 春: {}, 'a.txt': 'a' } }, '');
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { items: [{ kind: 'file', webkitGetAsEntry: () => root }], files: [] } });
    zone.dispatchEvent(drop);
  });
  await expect(page.getByTestId('create-summary')).toContainText('2 个文件');
  await expect(page.getByTestId('create-empty-folder')).toHaveText(['相册/空相册/空文件夹', '相册/二〇二四/春/空文件夹']);
  const expected = ['相册/', '相册/二〇二四/', '相册/二〇二四/a.txt', '相册/二〇二四/春/', '相册/空相册/', '相册/说明.txt'];
  const zip = await createArchive(page, 'zip');
  expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(expected);
  for (const format of ['tar', '7z'] as const) {
    const archive = await createArchive(page, format);
    expect(archive.name).toBe(`相册.${format}`);
    expect(await pathsIn(archive.bytes, archive.name), format).toEqual(expected);
  }
});

test('opening a big tar.gz can be cancelled, and the next archive opens normally', async ({ page }) => {
  // 400 MB of zeros: a few hundred KB gzipped, but seconds of unpacking before 7-Zip can list the tar.
  const big = join(dir, 'big.tar.gz');
  writeFileSync(big, gzipSync(tarOf('zeros.bin', Buffer.alloc(400 * 1024 * 1024)), { level: 1 }));
  const small = join(dir, 'small.tar.gz');
  writeFileSync(small, gzipSync(tarOf('hello.txt', Buffer.from('hello'))));

  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(big);
  await page.getByTestId('open-cancel').click();
  await expect(page.getByTestId('open-opening')).toHaveCount(0);
  await expect(page.getByTestId('open-error')).toHaveCount(0);
  await expect(page.getByTestId('open-summary')).toHaveCount(0);

  // 7-Zip's worker was stopped mid-work; the next tar.gz gets a fresh one.
  await page.getByTestId('open-input').setInputFiles(small);
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-files', '1', { timeout: 20_000 });
  await page.locator('[data-testid="entry"][data-path="hello.txt"]').getByTestId('entry-preview').click();
  await expect(page.getByTestId('preview-text')).toHaveText('hello');
});

test('extracting into a folder refuses a file that would take the place of a folder there, and overwrites nothing', async ({ page }) => {
  const archive = join(dir, 'projects.zip');
  writeFileSync(archive, zipSync({ 'fine.txt': strToU8('fine'), Projects: strToU8('a file named like the folder') }));
  // The picked folder: a real directory handle from the origin-private file system, holding the user's Projects folder.
  await page.addInitScript(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('chosen', { create: true });
  });
  await page.goto('/compress');
  await page.evaluate(async () => {
    const chosen = await (await navigator.storage.getDirectory()).getDirectoryHandle('chosen', { create: true });
    const thesis = await (await chosen.getDirectoryHandle('Projects', { create: true })).getFileHandle('thesis.docx', { create: true });
    const writable = await thesis.createWritable();
    await writable.write('my thesis');
    await writable.close();
  });
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(archive);
  await expect(page.getByTestId('open-summary')).toBeVisible();
  await page.getByTestId('extract-folder').click();
  await expect(page.getByTestId('open-error')).toContainText('已停止，没有覆盖任何内容：压缩包里的“Projects”');
  const left = await page.evaluate(async () => {
    const chosen = await (await navigator.storage.getDirectory()).getDirectoryHandle('chosen');
    const names: string[] = [];
    for await (const name of (chosen as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    const thesis = await (await (await chosen.getDirectoryHandle('Projects')).getFileHandle('thesis.docx')).getFile();
    return { names, thesis: await thesis.text() };
  });
  expect(left).toEqual({ names: ['Projects'], thesis: 'my thesis' });
});

const corpusDir = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');
const corpusManifest = join(corpusDir, 'MANIFEST.tsv');
const corpusPresent = existsSync(corpusManifest);
if (!corpusPresent) console.info(`compress e2e: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);

/** MANIFEST.tsv as one record per file, keyed by its column names. */
function corpusRecords(): Record<string, string>[] {
  const [head = '', ...rows] = readFileSync(corpusManifest, 'utf8').trim().split('\n');
  const columns = head.split('\t');
  return rows.map((row) => Object.fromEntries(row.split('\t').map((value, index) => [columns[index], value])));
}

test.describe('real archives from the corpus', () => {
  test.skip(!corpusPresent, `no corpus at ${corpusDir} (set CORPUS_DIR)`);

  test('real 7z, rar and tar.gz archives from the corpus list with the expected entry counts', async ({ page }) => {
    const picked = new Map<string, { path: string; count: number }[]>();
    for (const record of corpusRecords()) {
      const facts = Object.fromEntries((record.facts ?? '').split(';').map((fact: string) => fact.split('=')));
      const ext = record.ext as string;
      const count = ext === 'tar.gz' ? facts.tar_entries : facts.entries;
      // Multi-volume sets need their other parts, encrypted ones a password: both have their own tests.
      if (
        !['7z', 'rar', 'tar.gz'].includes(ext) ||
        count === undefined ||
        facts.encrypted === 'yes' ||
        /fail/.test(record.facts ?? '') ||
        /volume/i.test(record.notes ?? '')
      )
        continue;
      const list = picked.get(ext) ?? [];
      if (list.length < 3) list.push({ path: join(corpusDir, record.path as string), count: Number(count) });
      picked.set(ext, list);
    }
    expect([...picked.keys()].sort()).toEqual(['7z', 'rar', 'tar.gz']);
    await page.goto('/compress');
    await page.getByTestId('tab-open').click();
    for (const [, list] of picked) {
      for (const { path, count } of list) {
        await page.getByTestId('open-input').setInputFiles(path);
        await expect(page.getByTestId('open-summary'), relative(corpusDir, path).split(sep).join('/')).toHaveAttribute(
          'data-entries',
          String(count),
          { timeout: 20_000 },
        );
      }
    }
  });

  test('encrypted corpus archives open with the passwords their notes give (ZipCrypto, 7z AES, RAR5)', async ({ page }) => {
    const locked = corpusRecords().filter((record) => record.category === 'archive' && /password '([^']+)'/.test(record.notes ?? ''));
    // One each of ZipCrypto, 7z AES and RAR5 at least, or the test would check nothing.
    expect(locked.length).toBeGreaterThanOrEqual(3);
    await page.goto('/compress');
    await page.getByTestId('tab-open').click();
    for (const record of locked) {
      const password = /password '([^']+)'/.exec(record.notes!)![1]!;
      const count = /(?:^|;)(?:zip_)?entries=(\d+)/.exec(record.facts ?? '')?.[1];
      await page.getByTestId('open-input').setInputFiles(join(corpusDir, record.path!));
      await expect(page.getByRole('dialog', { name: '输入密码' }), record.path).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('password-input').fill(password);
      await page.getByTestId('password-ok').click();
      await expect(page.getByRole('dialog', { name: '输入密码' })).toBeHidden({ timeout: 20_000 });
      const summary = page.getByTestId('open-summary');
      if (count) await expect(summary, record.path).toHaveAttribute('data-entries', count);
      else await expect(summary, record.path).toBeVisible();
    }
  });
});

test('works at 375 px: no sideways scrolling with files and with a listing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/compress');
  await page.getByTestId('create-folder-input').setInputFiles(folderPath());
  await expect(page.getByTestId('create-summary')).toBeVisible();
  // The format switch and the level slider are named in the page's language (antd would say "segmented control").
  await expect(page.getByRole('radiogroup', { name: '格式' })).toBeVisible();
  await expect(page.getByRole('slider', { name: '压缩级别' })).toHaveAttribute('aria-valuenow', '6');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const path = join(dir, 'small.zip');
  writeFileSync(path, zipSync({ [`${'很长的文件夹名称'.repeat(4)}/${'很长的文件名'.repeat(6)}.txt`]: strToU8('x') }));
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(path);
  await expect(page.getByTestId('open-summary')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test.describe('the audit: archives by content, methods, volumes, damage and unknown sizes', () => {
  const fixtures = join(import.meta.dirname, '../../platform/archive/fixtures');

  test('a .docx or .apk opens as the zip it is; what is no archive gets a lasting message naming what it is', async ({ page }) => {
    await page.goto('/compress');
    await page.getByTestId('tab-open').click();
    for (const name of ['报告.docx', 'app.apk']) {
      const path = join(dir, name);
      writeFileSync(path, zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') }));
      await page.getByTestId('open-input').setInputFiles(path);
      await expect(page.getByTestId('open-summary'), name).toHaveAttribute('data-entries', '2');
    }
    const pdf = join(dir, 'scan.pdf');
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await page.getByTestId('open-input').setInputFiles(pdf);
    await expect(page.getByTestId('open-error')).toHaveText('“scan.pdf”不是能打开的压缩包：从内容看，它是 PDF。');
    // It stays: no toast that fades, no file silently dropped.
    await page.waitForTimeout(4000);
    await expect(page.getByTestId('open-error')).toBeVisible();
  });

  test('a self-extracting zip (a program in front of the zip) opens and extracts', async ({ page }) => {
    const program = Buffer.alloc(40_000, 0x90);
    program.write('MZ', 0);
    const path = join(dir, 'setup.exe');
    writeFileSync(path, Buffer.concat([program, zipSync({ 'setup/readme.txt': strToU8('read me '.repeat(100)) })]));
    await page.goto('/compress');
    await page.getByTestId('tab-open').click();
    await page.getByTestId('open-input').setInputFiles(path);
    await expect(page.getByTestId('open-summary')).toHaveAttribute('data-entries', '1');
    const all = await saved(
      Promise.all([page.waitForEvent('download'), page.getByTestId('extract-all-zip').click()]).then(([download]) => download),
    );
    expect(Buffer.from(unzipSync(new Uint8Array(all.bytes))['setup/readme.txt']!).toString()).toBe('read me '.repeat(100));
  });

  test('a 7z packed with Zstandard names the method, on extraction and after the right password', async ({ page }) => {
    await page.goto('/compress');
    await page.getByTestId('tab-open').click();
    await page.getByTestId('open-input').setInputFiles(join(fixtures, 'zstd-method.7z'));
    await expect(page.getByTestId('open-summary')).toHaveAttribute('data-entries', '1');
    await page.getByTestId('extract-all-zip').click();
    await expect(page.getByTestId('open-error')).toContainText('“Zstandard”方法压缩的');
    await expect(page.getByTestId('open-error')).not.toContainText('无法识别');

    await page.getByTestId('open-input').setInputFiles(join(fixtures, 'zstd-method-password-secret.7z'));
    await page.getByTestId('password-input').fill('secret');
    await page.getByTestId('password-ok').click();
    await expect(page.getByTestId('password-wrong')).toContainText('“Zstandard”方法压缩的');
    await expect(page.getByTestId('password-wrong')).not.toContainText('密码不正确');
  });

  test('a damaged entry is named and left out, the others extracted, whichever way they are read', async ({ page }) => {
    const zip = zipSync({ 'good.txt': strToU8('good'), 'bad.txt': [strToU8('bad '.repeat(500)), { level: 6 }] });
    const view = new DataView(zip.buffer);
    for (let at = 0; at + 46 < zip.length; at++) {
      if (view.getUint32(at, true) === 0x02014b50 && new TextDecoder().decode(zip.subarray(at + 46, at + 46 + 7)) === 'bad.txt')
        view.setUint32(at + 16, 1, true);
    }
    const path = join(dir, 'damaged.zip');
    writeFileSync(path, zip);
    await page.goto('/compress');
    await page.getByTestId('tab-open').click();
    await page.getByTestId('open-input').setInputFiles(path);
    const all = await saved(
      Promise.all([page.waitForEvent('download'), page.getByTestId('extract-all-zip').click()]).then(([download]) => download),
    );
    expect(Object.keys(unzipSync(new Uint8Array(all.bytes)))).toEqual(['good.txt']);
    await expect(page.getByTestId('extract-damaged')).toHaveText('1 个文件校验失败（数据已损坏），没有解压：bad.txt');
    await page.locator('[data-testid="entry"][data-path="bad.txt"]').getByTestId('entry-extract').click();
    await expect(page.getByTestId('open-error')).toContainText('“bad.txt”已损坏');
  });

  test.describe('corpus', () => {
    test.skip(!corpusPresent, `no corpus at ${corpusDir} (set CORPUS_DIR)`);

    test('the first volume of a split RAR asks for the others, and opens once they are added', async ({ page }) => {
      const volume = (index: number) => join(corpusDir, `archive/rarfile/rar3-vols.part${index}.rar`);
      await page.goto('/compress');
      await page.getByTestId('tab-open').click();
      await page.getByTestId('open-input').setInputFiles(volume(1));
      await expect(page.getByTestId('open-error')).toContainText('还缺少“rar3-vols.part2.rar”');
      await page.getByTestId('open-volumes-input').setInputFiles([volume(2), volume(3)]);
      await expect(page.getByTestId('open-summary')).toHaveAttribute('data-entries', '2', { timeout: 20_000 });
      await expect(page.locator('[data-testid="entry"][data-path="vols/bigfile.txt"]')).toContainText('200.2 KB');
    });

    test('a solid 7z shows no per-file ratio and a bare .bz2 no "0 B" size: both say "—"', async ({ page }) => {
      await page.goto('/compress');
      await page.getByTestId('tab-open').click();
      await page.getByTestId('open-input').setInputFiles(join(corpusDir, 'archive/py7zr/solid.7z'));
      const first = page.locator('[data-testid="entry"][data-path="test/test2.txt"]');
      await expect(first.locator('.cz-node__ratio')).toHaveText('—');
      await expect(first.locator('.cz-node__packed')).toHaveText('—');
      await page.getByTestId('open-input').setInputFiles(join(corpusDir, 'archive/file-type/fixture.bz2'));
      const stream = page.locator('[data-testid="entry"][data-path="fixture"]');
      await expect(stream.locator('.cz-node__size')).toHaveText('—');
      await expect(page.getByTestId('open-summary')).toContainText('原始 —');
    });
  });
});
