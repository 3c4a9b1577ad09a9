import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from '../privacy';
import SevenZip from '7z-wasm';
import { damagedSamples } from '@shared/testing/damaged-archives';
import { installNativeHarness } from './native-harness';

/** A folder on disk, as a user would drop it; file names are unique so the harness can map each name to its path. */
const FOLDER = '桌面资料';
const files: Record<string, Buffer> = {
  '说明.txt': Buffer.from('桌面版用 7-Zip 压缩。\n'.repeat(500)),
  '数据/表格.csv': Buffer.from(Array.from({ length: 1000 }, (_, index) => `${index},值${index}`).join('\n')),
  '数据/深层/随机.bin': Buffer.from(Array.from({ length: 50_000 }, (_, index) => (index * 2654435761) >>> 24)),
};

let dir: string;
let outDir: string;
const fixture: Record<string, string> = {};

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-desktop-compress-'));
  outDir = join(dir, 'out');
  mkdirSync(outDir);
  for (const [path, data] of Object.entries(files)) {
    const full = join(dir, FOLDER, ...path.split('/'));
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, data);
    fixture[basename(full)] = full;
  }
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function extract7z(bytes: Buffer): Promise<Record<string, Buffer>> {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.writeFile('/test.7z', bytes);
  sz.callMain(['x', '/test.7z', '-o/out', '-y']);
  const out: Record<string, Buffer> = {};
  const walk = (path: string) => {
    for (const name of sz.FS.readdir(path).filter((entry) => entry !== '.' && entry !== '..')) {
      const full = `${path}/${name}`;
      if (sz.FS.isDir(sz.FS.stat(full).mode)) walk(full);
      else out[full.slice('/out/'.length)] = Buffer.from(sz.FS.readFile(full));
    }
  };
  walk('/out');
  return out;
}

function readTree(root: string, prefix = ''): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  for (const name of readdirSync(root)) {
    const full = join(root, name);
    if (statSync(full).isDirectory()) Object.assign(out, readTree(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(full);
  }
  return out;
}

function expectSame(got: Record<string, Buffer>) {
  const expected = Object.fromEntries(Object.entries(files).map(([path, data]) => [`${FOLDER}/${path}`, data]));
  expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
  for (const [path, data] of Object.entries(expected)) expect(got[path]!.equals(data), path).toBe(true);
}

test('/compress takes the 7-Zip path: a 7z from a dropped folder, listed and extracted by main', async ({ page, baseURL }) => {
  const archivePath = join(outDir, `${FOLDER}.7z`);
  const extractDir = join(dir, 'extracted');
  mkdirSync(extractDir);
  const dialogs: string[] = [];
  const harness = await installNativeHarness(page, {
    files: { ...fixture, [basename(archivePath)]: archivePath },
    trustedOrigin: new URL(baseURL!).origin,
    archiveDialogs: {
      chooseSavePath: async (suggestedName) => {
        dialogs.push(`save:${suggestedName}`);
        return join(outDir, suggestedName);
      },
      chooseFolder: async () => {
        dialogs.push('folder');
        return extractDir;
      },
    },
  });
  await page.goto('/compress');
  await expect(page.getByTestId('archive-engine')).toHaveAttribute('data-engine', '7zip');
  await page.getByTestId('create-folder-input').setInputFiles(join(dir, FOLDER));
  await expect(page.getByTestId('create-summary')).toContainText('3 个文件');
  await page.getByTestId('create-format').getByText('7z', { exact: true }).click();
  await page.getByTestId('create-start').click();
  await expect(page.getByTestId('create-result')).toContainText(archivePath, { timeout: 30_000 });

  const create = harness.calls.filter(({ channel }) => channel === 'archive:create');
  expect(create).toHaveLength(1);
  expect(create[0]!.args).toMatchObject({ sources: [join(dir, FOLDER)], format: '7z', level: 6, suggestedName: `${FOLDER}.7z` });
  expect(dialogs).toEqual([`save:${FOLDER}.7z`]);
  // The page never read the files: 7-Zip in main did.
  expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });
  expectSame(await extract7z(readFileSync(archivePath)));

  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(archivePath);
  await expect(page.getByTestId('open-engine')).toHaveAttribute('data-engine', '7zip');
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-files', '3');
  expect(harness.calls.some(({ channel, args }) => channel === 'archive:list' && (args as { path: string }).path === archivePath)).toBe(
    true,
  );

  await page.getByTestId('extract-folder').click();
  await expect(page.getByTestId('extract-result')).toContainText(extractDir);
  expect(dialogs).toEqual([`save:${FOLDER}.7z`, 'folder']);
  expectSame(readTree(extractDir));
  expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });
});

const corpusDir = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');

test('a RAR is read by main too: its 7-Zip (24.09, WebAssembly) reads RAR, so the page needs no fallback', async ({ page, baseURL }) => {
  const manifest = join(corpusDir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) {
    console.log(`desktop compress e2e: no corpus at ${corpusDir}; RAR check skipped`);
    test.skip();
    return;
  }
  const [head, ...rows] = readFileSync(manifest, 'utf8').trim().split('\n');
  const columns = head!.split('\t');
  const rar = rows
    .map((row) => Object.fromEntries(row.split('\t').map((value, index) => [columns[index], value])))
    .find(
      (record) =>
        record.ext === 'rar' &&
        /entries=[1-9]/.test(record.facts ?? '') &&
        /encrypted=no/.test(record.facts ?? '') &&
        !/fail/.test(record.facts ?? '') &&
        !/volume/i.test(record.notes ?? ''),
    );
  test.skip(!rar, 'no plain RAR in the corpus');
  const path = join(corpusDir, rar!.path!);
  const harness = await installNativeHarness(page, { files: { [basename(path)]: path }, trustedOrigin: new URL(baseURL!).origin });
  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(path);
  await expect(page.getByTestId('open-engine')).toHaveAttribute('data-engine', '7zip', { timeout: 20_000 });
  await expect(page.getByTestId('open-summary')).toHaveAttribute('data-entries', /entries=(\d+)/.exec(rar!.facts!)![1]!);
  expect(harness.calls.filter(({ channel }) => channel === 'archive:list')).toHaveLength(1);
  expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });
});

test('a damaged entry is named and left out by main as on the website (same file as its e2e), and cannot be previewed', async ({
  page,
  baseURL,
}) => {
  const sample = damagedSamples().find(({ fileName }) => fileName === 'wrong-checksum.zip')!;
  const archivePath = join(dir, sample.fileName);
  writeFileSync(archivePath, sample.bytes);
  const extractDir = join(dir, 'extracted-damaged');
  mkdirSync(extractDir);
  const harness = await installNativeHarness(page, {
    files: { [sample.fileName]: archivePath },
    trustedOrigin: new URL(baseURL!).origin,
    archiveDialogs: { chooseSavePath: async () => undefined, chooseFolder: async () => extractDir },
  });
  await page.goto('/compress');
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-input').setInputFiles(archivePath);
  await expect(page.getByTestId('open-engine')).toHaveAttribute('data-engine', '7zip');
  await page.getByTestId('extract-folder').click();
  await expect(page.getByTestId('extract-damaged')).toHaveText('1 个文件校验失败（数据已损坏），没有解压：bad.txt');
  await expect(page.getByTestId('extract-result')).toContainText(extractDir);
  expect(Object.fromEntries(Object.entries(readTree(extractDir)).map(([path, data]) => [path, data.toString()]))).toEqual(sample.written);
  await page.locator('[data-testid="entry"][data-path="bad.txt"]').getByTestId('entry-preview').click();
  await expect(page.getByTestId('preview-error')).toContainText('“bad.txt”已损坏');
  expect(harness.calls.filter(({ channel }) => channel === 'archive:read-entry')).toHaveLength(1);
  expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });
});
