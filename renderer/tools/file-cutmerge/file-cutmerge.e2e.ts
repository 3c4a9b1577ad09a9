import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clickWhenSettled } from '../../../e2e/antd-kit';
import { expect, test } from '../../../e2e/privacy';
import type { Browser, Download, Page } from '@playwright/test';

const MB = 1024 * 1024;
const GB = 1024 * MB;
let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-cutmerge-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Streams a file through sha256 in Node: the reference never comes from the code under test. */
function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/**
 * A file of `megabytes` MB, fast to write: one random 1 MB block repeated, each copy stamped with
 * its own index and a few random bytes, so no two parts are alike and a misordered merge shows.
 */
function generate(path: string, megabytes: number): void {
  const block = randomBytes(MB);
  const fd = openSync(path, 'w');
  try {
    for (let index = 0; index < megabytes; index += 1) {
      block.writeUInt32BE(index, 0);
      randomBytes(28).copy(block, 4);
      writeSync(fd, block);
    }
  } finally {
    closeSync(fd);
  }
}

async function open(page: Page): Promise<void> {
  await page.goto('/file/cutmerge');
  // Generous: the lazy page chunk loads while other suites share the 2 cores.
  await expect(page.getByTestId('split-input')).toBeAttached({ timeout: 30_000 });
}

async function openMerge(page: Page): Promise<void> {
  await page.getByRole('tab', { name: '合并' }).click();
  await expect(page.getByTestId('merge-input')).toBeAttached();
}

/** Moves every download into `target` under the name the page gave it, waiting for each to finish. */
async function collect(downloads: readonly Download[], target: string): Promise<string[]> {
  mkdirSync(target, { recursive: true });
  return Promise.all(
    downloads.map(async (download) => {
      const from = await download.path();
      const to = join(target, download.suggestedFilename());
      try {
        renameSync(from, to);
      } catch {
        copyFileSync(from, to);
      }
      return to;
    }),
  );
}

/**
 * Peak resident memory of the browser's processes, sampled from /proc every 200 ms. The process
 * ids come from Chromium itself (CDP SystemInfo.getProcessInfo), so only this test's browser is
 * counted, not Chromiums of suites running in parallel. The renderer holds the page and its
 * workers; the browser process holds blob data, so a merged Blob that secretly copied its parts
 * would show there.
 */
async function watchMemory(browser: Browser) {
  const cdp = await browser.newBrowserCDPSession();
  const peak = { renderer: 0, browser: 0 };
  const rss = (pid: number) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  let sampling = Promise.resolve();
  const sample = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
    for (const info of processInfo) {
      if (info.type === 'renderer') peak.renderer = Math.max(peak.renderer, rss(info.id));
      if (info.type === 'browser') peak.browser = Math.max(peak.browser, rss(info.id));
    }
  };
  const timer = setInterval(() => {
    sampling = sampling.then(sample, () => undefined);
  }, 200);
  await sample();
  return {
    peak,
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample();
      await cdp.detach();
      return peak;
    },
  };
}

test('300 MB: split into 100 downloaded parts, merge them back byte-identical and verified, renderer under 1 GB', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const original = join(dir, 'big-video.mp4');
  generate(original, 300);
  await open(page);
  const memory = await watchMemory(browser);
  const baseline = { ...memory.peak };
  await page.getByTestId('split-input').setInputFiles(original);
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '100');
  await expect(page.getByTestId('split-plan')).toContainText('每份 3 MB');
  await page.getByTestId('split-panel').getByTestId('save-mode').getByText('逐个下载').click();

  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await page.getByTestId('split-start').click();
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(101);
  const parts = await collect(downloads.splice(0), join(dir, 'parts'));
  expect(parts.filter((path) => path.endsWith('.baibao.json'))).toEqual([join(dir, 'parts', 'big-video.mp4.baibao.json')]);
  expect(readdirSync(join(dir, 'parts')).sort().slice(0, 2)).toEqual(['big-video.mp4.001', 'big-video.mp4.002']);
  const manifest = JSON.parse(readFileSync(join(dir, 'parts', 'big-video.mp4.baibao.json'), 'utf8')) as {
    md5: string;
    size: number;
    parts: unknown[];
  };
  expect(manifest.size).toBe(300 * MB);
  expect(manifest.parts).toHaveLength(100);
  expect(manifest.md5).toBe(createHash('md5').update(readFileSync(original)).digest('hex'));
  const splitSeconds = (Date.now() - started) / 1000;

  await openMerge(page);
  // Reversed, to prove the page sorts by the number in the name.
  await page.getByTestId('merge-input').setInputFiles([...parts].reverse());
  await expect(page.getByTestId('merge-manifest')).toContainText('100 份');
  await expect(page.getByTestId('merge-summary')).toContainText('100 份，共 300 MB');
  await expect(page.getByTestId('merge-issues')).toHaveCount(0);
  await expect(page.getByTestId('merge-name')).toHaveValue('big-video.mp4');
  await page.getByTestId('merge-panel').getByTestId('save-mode').getByText('逐个下载').click();
  const merged = page.waitForEvent('download');
  await page.getByTestId('merge-start').click();
  const [mergedPath] = await collect([await merged], join(dir, 'merged'));
  await expect(page.getByTestId('verify-status')).toHaveAttribute('data-status', 'verified', { timeout: 60_000 });
  await expect(page.getByTestId('verify-status')).toContainText('校验通过');
  expect(await sha256File(mergedPath ?? '')).toBe(await sha256File(original));

  const peak = await memory.stop();
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const { metrics } = await session.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapTotalSize')?.value ?? 0;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  console.info(
    `file-cutmerge 300 MB: split ${splitSeconds.toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `RSS renderer ${mb(baseline.renderer)} before → peak ${mb(peak.renderer)}, browser process ${mb(baseline.browser)} → ${mb(peak.browser)}; page JS heap ${mb(heap)}`,
  );
  expect(peak.renderer).toBeGreaterThan(0);
  expect(peak.renderer).toBeLessThan(GB);
  expect(peak.browser).toBeLessThan(GB);
});

/** Parts cut in Node (the 7-Zip scheme), so the merge checks do not depend on the split under test. */
function cutInNode(name: string, bytes: Buffer, partSize: number, into: string): string[] {
  mkdirSync(into, { recursive: true });
  const paths: string[] = [];
  for (let start = 0, index = 1; start < bytes.length; start += partSize, index += 1) {
    const path = join(into, `${name}.${String(index).padStart(3, '0')}`);
    writeFileSync(path, bytes.subarray(start, start + partSize));
    paths.push(path);
  }
  return paths;
}

test('merge with a missing part warns about the gap and waits for confirmation', async ({ page }) => {
  const parts = cutInNode('photos.zip', randomBytes(500_000), 100_000, join(dir, 'gap'));
  await open(page);
  await openMerge(page);
  await page.getByTestId('merge-input').setInputFiles(parts.filter((path) => !path.endsWith('.003')));
  await expect(page.getByTestId('merge-manifest-missing')).toBeVisible();
  const issue = page.locator('[data-testid="merge-issue"][data-kind="missing"]');
  await expect(issue).toContainText('缺少第 3 份');
  await expect(page.getByTestId('merge-start')).toBeDisabled();
  await page.getByTestId('merge-proceed').click();
  await expect(page.getByTestId('merge-start')).toBeEnabled();

  // Adding the missing part clears the warning.
  await page.getByTestId('merge-input').setInputFiles(parts.filter((path) => path.endsWith('.003')));
  await expect(page.getByTestId('merge-issues')).toHaveCount(0);
  await expect(page.locator('[data-testid="merge-part"]')).toHaveCount(5);
  await expect(page.getByTestId('merge-start')).toBeEnabled();
});

test('a long list of parts shows 20 a page, with page buttons', async ({ page }) => {
  const parts = cutInNode('scans.tar', randomBytes(45 * 100), 100, join(dir, 'many'));
  await open(page);
  await openMerge(page);
  await page.getByTestId('merge-input').setInputFiles(parts);
  await expect(page.getByTestId('merge-summary')).toContainText('45 份');
  const rows = page.locator('[data-testid="merge-part"]');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toHaveAttribute('data-index', '1');
  const pages = page.getByTestId('merge-parts').getByRole('navigation');
  await expect(pages.getByRole('button', { name: '上一页' })).toBeDisabled();
  await pages.getByRole('button', { name: '3', exact: true }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toHaveAttribute('data-index', '41');
  await expect(pages.getByRole('button', { name: '3', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: '下一页' })).toBeDisabled();
  await pages.getByRole('button', { name: '上一页' }).click();
  await expect(rows.first()).toHaveAttribute('data-index', '21');
  // Removing parts until page 2 is gone leaves the last page that still exists.
  for (let left = 45; left > 20; left -= 1) await rows.last().getByRole('button', { name: '移除' }).click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toHaveAttribute('data-index', '1');
  await expect(pages).toHaveCount(0);
});

test('a corrupted part fails verification and is named', async ({ page }) => {
  const original = join(dir, 'report.pdf');
  writeFileSync(original, randomBytes(2 * MB + 777));
  await open(page);
  await page.getByTestId('split-input').setInputFiles(original);
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '100');
  await page.getByTestId('split-by').getByText('按每份大小').click();
  await page.getByTestId('part-size').fill('512');
  await page.getByTestId('part-unit').click();
  await page.locator('.ant-select-item-option[title="KB"]').click();
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '5');
  await page.getByTestId('split-panel').getByTestId('save-mode').getByText('逐个下载').click();
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await page.getByTestId('split-start').click();
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'done');
  await expect.poll(() => downloads.length).toBe(6);
  const parts = await collect(downloads, join(dir, 'corrupt'));

  // Same size, one flipped byte in the middle of part 2: only a checksum can tell.
  const victim = join(dir, 'corrupt', 'report.pdf.002');
  const bytes = readFileSync(victim);
  bytes[1000] = (bytes[1000] ?? 0) ^ 0xff;
  writeFileSync(victim, bytes);

  await openMerge(page);
  await page.getByTestId('merge-input').setInputFiles(parts);
  await expect(page.getByTestId('merge-issues')).toHaveCount(0);
  await page.getByTestId('merge-panel').getByTestId('save-mode').getByText('逐个下载').click();
  const merged = page.waitForEvent('download');
  await page.getByTestId('merge-start').click();
  await merged;
  await expect(page.getByTestId('verify-status')).toHaveAttribute('data-status', 'mismatch');
  await expect(page.getByTestId('verify-status')).toContainText('校验失败');
  await expect(page.getByTestId('bad-parts')).toHaveText('损坏的分卷：report.pdf.002');
  await expect(page.locator('[data-testid="merge-part"][data-index="2"] [data-testid="part-crc"]')).toHaveAttribute('data-ok', 'false');
  await expect(page.locator('[data-testid="merge-part"][data-index="1"] [data-testid="part-crc"]')).toHaveAttribute('data-ok', 'true');
});

test('File System Access path: parts written into a picked folder, merged into a picked file', async ({ page }) => {
  const original = join(dir, 'archive.tar');
  writeFileSync(original, randomBytes(3 * MB + 5));
  const expected = await sha256File(original);
  await open(page);
  // Headless Chromium cannot drive the real pickers; the origin-private file system stands in for the disk.
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('picked', { create: true });
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, value: () => Promise.resolve(folder) });
    Object.defineProperty(window, 'showSaveFilePicker', {
      configurable: true,
      value: (options: { suggestedName: string }) => root.getFileHandle(`merged-${options.suggestedName}`, { create: true }),
    });
  });
  await page.getByTestId('split-input').setInputFiles(original);
  await expect(page.getByTestId('split-panel').getByTestId('save-mode')).toBeVisible();
  await page.getByTestId('part-count').fill('4');
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '4');
  await page.getByTestId('split-start').click();
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('split-result')).toContainText('已把 4 份写入文件夹「picked」');

  const written = await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('picked');
    const out: Array<{ name: string; size: number }> = [];
    for await (const handle of folder.values())
      if (handle.kind === 'file') out.push({ name: handle.name, size: (await (handle as FileSystemFileHandle).getFile()).size });
    return out.sort((a, b) => a.name.localeCompare(b.name));
  });
  const quarter = Math.ceil((3 * MB + 5) / 4);
  expect(written.map((entry) => entry.name)).toEqual([
    'archive.tar.001',
    'archive.tar.002',
    'archive.tar.003',
    'archive.tar.004',
    'archive.tar.baibao.json',
  ]);
  expect(written.slice(0, 4).map((entry) => entry.size)).toEqual([quarter, quarter, quarter, 3 * MB + 5 - 3 * quarter]);

  // Merge the parts straight from the folder (shuffled) into a picked file, then hash that file.
  await openMerge(page);
  await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('picked');
    const files: File[] = [];
    for await (const handle of folder.values()) if (handle.kind === 'file') files.push(await (handle as FileSystemFileHandle).getFile());
    const transfer = new DataTransfer();
    for (const file of files.reverse()) transfer.items.add(file);
    const input = document.querySelector<HTMLInputElement>('[data-testid="merge-input"]');
    if (!input) throw new Error('no merge input');
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page.getByTestId('merge-manifest')).toContainText('4 份');
  await page.getByTestId('merge-start').click();
  await expect(page.getByTestId('verify-status')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('merge-result')).toContainText('已保存为 merged-archive.tar');
  const mergedSha = await page.evaluate(async () => {
    const file = await (await (await navigator.storage.getDirectory()).getFileHandle('merged-archive.tar')).getFile();
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  });
  expect(mergedSha).toBe(expected);
});

test('cancelling a folder split removes the parts it wrote', async ({ page }) => {
  const original = join(dir, 'slow.bin');
  writeFileSync(original, randomBytes(40 * MB));
  await open(page);
  await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('cancelled', { create: true });
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, value: () => Promise.resolve(folder) });
  });
  await page.getByTestId('split-input').setInputFiles(original);
  await page.getByTestId('split-start').click();
  await page.getByTestId('job-cancel').click();
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'cancelled');
  const left = await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('cancelled');
    const names: string[] = [];
    for await (const name of folder.keys()) names.push(name);
    return names;
  });
  expect(left).toEqual([]);
});

test("a picked folder that already holds a part asks before overwriting it, in the page's language", async ({ page }) => {
  const original = join(dir, 'again.bin');
  writeFileSync(original, randomBytes(2 * MB));
  await open(page);
  await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('occupied', { create: true });
    const old = await (await folder.getFileHandle('again.bin.001', { create: true })).createWritable();
    await old.write('old part');
    await old.close();
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, value: () => Promise.resolve(folder) });
  });
  const sizeOfOld = () =>
    page.evaluate(async () => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('occupied');
      return (await (await folder.getFileHandle('again.bin.001')).getFile()).size;
    });
  await page.getByTestId('split-input').setInputFiles(original);
  await page.getByTestId('part-count').fill('2');
  await page.getByTestId('split-start').click();
  // The shell has no antd App: the page's own Modal.useModal holder shows the confirm.
  const confirm = page.getByRole('dialog').filter({ hasText: '这个文件夹里已有 1 个同名文件（如 again.bin.001），要覆盖吗？' });
  await expect(confirm).toBeVisible();
  // Clicked once the dialog has finished opening: a CI run lost the overwrite click on a dialog still opening.
  await clickWhenSettled(confirm.getByRole('button', { name: /^取\s*消$/ }));
  await expect(confirm).toBeHidden();
  expect(await sizeOfOld()).toBe('old part'.length);

  await page.getByTestId('split-start').click();
  await clickWhenSettled(confirm.getByRole('button', { name: /^覆\s*盖$/ }));
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'done');
  expect(await sizeOfOld()).toBe(MB);
});

test('a file deleted after picking gives a clear message, not the browser\'s bare "network error"', async ({ page }) => {
  const source = join(dir, 'vanishing.bin');
  writeFileSync(source, randomBytes(300_000));
  await open(page);
  await page.getByTestId('split-input').setInputFiles(source);
  await expect(page.getByTestId('split-plan')).toBeVisible();
  rmSync(source);
  await page.getByTestId('split-panel').getByTestId('save-mode').getByText('逐个下载').click();
  await page.getByTestId('split-start').click();
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('split-result')).toHaveText(
    '无法读取“vanishing.bin”：文件可能已被删除、移动、改名、修改，或正被其他程序占用。请重新选择这个文件后再试。',
  );

  const parts = cutInNode('gone.txt', randomBytes(3000), 1000, join(dir, 'gone-parts'));
  await openMerge(page);
  await page.getByTestId('merge-input').setInputFiles(parts);
  rmSync(parts[1]!);
  await page.getByTestId('merge-panel').getByTestId('save-mode').getByText('逐个下载').click();
  await page.getByTestId('merge-start').click();
  await expect(page.locator('[data-testid="merge-result"][data-status="error"]')).toHaveText(
    '无法读取分卷：有分卷可能已被删除、移动、改名、修改，或正被其他程序占用。请重新选择分卷后再试。',
  );
});

test.describe('parts picked while the merge view still loads', () => {
  // The view's chunk is held back by a route, which a service worker's cache would go around.
  test.use({ serviceWorkers: 'block' });

  test('keep the sizes they had when picked, though one is deleted before the view is there', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/MergeWorkspace-*.js', async (route) => {
      await held;
      await route.fallback();
    });
    const parts = cutInNode('early.txt', randomBytes(3000), 1000, join(dir, 'early-parts'));
    await open(page);
    await openMerge(page);
    await page.getByTestId('merge-input').setInputFiles(parts);
    rmSync(parts[1]!);
    release();
    await expect(page.getByTestId('merge-summary')).toHaveText('3 份，共 2.93 KB');
    await expect(page.getByTestId('merge-issues')).toHaveCount(0);
    await page.getByTestId('merge-panel').getByTestId('save-mode').getByText('逐个下载').click();
    await page.getByTestId('merge-start').click();
    await expect(page.locator('[data-testid="merge-result"][data-status="error"]')).toHaveText(
      '无法读取分卷：有分卷可能已被删除、移动、改名、修改，或正被其他程序占用。请重新选择分卷后再试。',
    );
  });
});

test('empty file and too many parts say so; the page works at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const empty = join(dir, 'empty.txt');
  writeFileSync(empty, '');
  await open(page);
  await page.getByTestId('split-input').setInputFiles(empty);
  await expect(page.getByTestId('plan-error')).toContainText('空文件');
  await expect(page.getByTestId('split-start')).toBeDisabled();
  const small = join(dir, 'small.txt');
  writeFileSync(small, 'x'.repeat(5000));
  await page.getByTestId('split-input').setInputFiles(small);
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '2');
  const large = join(dir, 'large.bin');
  writeFileSync(large, Buffer.alloc(12 * MB));
  await page.getByTestId('split-input').setInputFiles(large);
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '100');
  await page.getByTestId('split-by').getByText('按每份大小').click();
  await expect(page.getByTestId('part-size')).toHaveValue('123');
  await page.getByTestId('part-unit').click();
  await page.locator('.ant-select-item-option[title="KB"]').click();
  await page.getByTestId('part-size').fill('1');
  await expect(page.getByTestId('plan-error')).toContainText('份数太多：最多 9999 份');
  await expect(page.getByTestId('split-start')).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
