import { readFileSync } from 'node:fs';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';
import { clickWhenSettled } from '../../../e2e/antd-kit';
import { bestOf } from '../../../e2e/long-tasks';

/** Script a burst of 12 keys may run in long animation frames (before the fix: 40–300 ms a key). */
const SCRIPT_LIMIT_MS = 150;

async function open(page: Page, path = '/text/assistant'): Promise<void> {
  await page.goto(path);
  // Generous: the first visit loads the lazy page chunk while other tests share the cores.
  await expect(page.getByTestId('text-assistant-input')).toBeVisible({ timeout: 30_000 });
}

const input = (page: Page) => page.getByTestId('text-assistant-input');
const output = (page: Page) => page.getByTestId('text-assistant-output');
const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

async function addStep(page: Page, type: string): Promise<void> {
  await page.getByTestId(`add-${type}`).click();
}

test('counts characters, Chinese characters, words, lines and UTF-8/GBK bytes as the text is typed', async ({ page }) => {
  await open(page);
  await input(page).fill('Hello 世界！👨‍👩‍👧\n第二行 2024');
  // Characters: Hello␠世界！👨‍👩‍👧 (10) + 第二行␠2024 (8); the family emoji is one character.
  await expect(stat(page, 'characters')).toHaveAttribute('data-value', '18');
  await expect(stat(page, 'charactersNoSpaces')).toHaveAttribute('data-value', '16');
  await expect(stat(page, 'han')).toHaveAttribute('data-value', '5');
  // Hello, 世, 界, 第, 二, 行, 2024.
  await expect(stat(page, 'words')).toHaveAttribute('data-value', '7');
  await expect(stat(page, 'lines')).toHaveAttribute('data-value', '2');
  const text = await input(page).inputValue();
  const utf8 = await page.evaluate((value) => new TextEncoder().encode(value).length, text);
  await expect(stat(page, 'utf8Bytes')).toHaveAttribute('data-value', String(utf8));
  // GBK: 6 ASCII + 3×2 (世界！) + the emoji's 5 code points as "?" + LF + 3×2 + 5 = 29.
  await expect(stat(page, 'gbkBytes')).toHaveAttribute('data-value', '29');
  await expect(page.getByTestId('gbk-unencodable')).toContainText('5 个字符无法用 GBK 表示');
});

interface Blocking {
  /** Long tasks (over 50 ms), in ms. */
  tasks: number[];
  /** Script run inside long animation frames (the page's own work, not the browser's layout), in ms. */
  script: number;
  /** Each of those scripts: duration and what ran it. */
  scripts: string[];
}

/**
 * What blocks the page while `keys` are typed into `box`, 10 a second, seen by a long-task and a
 * long-animation-frame observer. The frames tell our scripts from the browser's own text layout,
 * which a 10,000-line box costs whatever the page does and which a busy machine inflates.
 */
async function blockingWhileTyping(page: Page, box: ReturnType<Page['getByTestId']>, keys: string): Promise<Blocking> {
  await page.evaluate(() => {
    const seen = {
      tasks: [] as Array<{ start: number; duration: number }>,
      scripts: [] as Array<{ start: number; duration: number; what: string }>,
    };
    (window as unknown as { blocking: typeof seen }).blocking = seen;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => seen.tasks.push({ start: entry.startTime, duration: entry.duration })),
    ).observe({ type: 'longtask' });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((frame) => {
        for (const script of (
          frame as unknown as { scripts: Array<{ startTime: number; duration: number; invoker: string; sourceFunctionName: string }> }
        ).scripts) {
          seen.scripts.push({ start: script.startTime, duration: script.duration, what: `${script.invoker} ${script.sourceFunctionName}` });
        }
      }),
    ).observe({ type: 'long-animation-frame' });
  });
  await box.focus();
  await page.keyboard.press('Control+End');
  await page.waitForTimeout(1000);
  const from = await page.evaluate(() => performance.now());
  for (const char of keys) {
    await page.keyboard.type(char);
    await page.waitForTimeout(100);
  }
  const to = await page.evaluate(() => performance.now());
  // Frames are reported when they end.
  await page.waitForTimeout(300);
  const seen = await page.evaluate(
    () =>
      (
        window as unknown as {
          blocking: {
            tasks: Array<{ start: number; duration: number }>;
            scripts: Array<{ start: number; duration: number; what: string }>;
          };
        }
      ).blocking,
  );
  const during = (entry: { start: number }) => entry.start >= from && entry.start <= to;
  return {
    tasks: seen.tasks.filter(during).map((task) => Math.round(task.duration)),
    script: Math.round(seen.scripts.filter(during).reduce((sum, script) => sum + script.duration, 0)),
    scripts: seen.scripts.filter(during).map((script) => `${Math.round(script.duration)} ms ${script.what}`),
  };
}

test(
  'typing into a 10,000-line text runs next to no script per keystroke (statistics and the chain wait for the pause)',
  { tag: '@main-thread' },
  async ({ page }) => {
    await open(page);
    const text = Array.from({ length: 10_000 }, (_, index) => `第 ${index + 1} 行：The quick brown fox 跳过了懒狗，2024 年。`).join('\n');
    const keys = 'abcdefghijkl';
    // The browser's own cost of editing this much text: a plain textarea outside React.
    await page.evaluate((value) => {
      const bare = document.createElement('textarea');
      bare.dataset.testid = 'bare-box';
      bare.rows = 10;
      bare.value = value;
      document.body.prepend(bare);
    }, text);
    const bare = await blockingWhileTyping(page, page.getByTestId('bare-box'), keys);
    await page.getByTestId('bare-box').evaluate((element) => element.remove());

    await page.getByTestId('file-input').setInputFiles({ name: '长文本.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect(stat(page, 'lines')).toHaveAttribute('data-value', '10000', { timeout: 30_000 });
    // Script time in long animation frames is wall time: on a loaded machine one burst can be
    // stretched, or a key can come later than the typing pause and let the statistics run. The least
    // disturbed of three bursts is the page's figure; work done per keystroke fails all three.
    const rounds = await bestOf(
      3,
      (round: Blocking) => round.script < SCRIPT_LIMIT_MS,
      () => blockingWhileTyping(page, input(page), keys),
    );
    const ours = rounds.reduce((best, round) => (round.script < best.script ? round : best));
    console.log(
      `typing ${keys.length} keys — bare box: long tasks [${bare.tasks.join(', ')}] ms, script ${bare.script} ms; the assistant: ${rounds
        .map((round) => `long tasks [${round.tasks.join(', ')}] ms, script ${round.script} ms`)
        .join('; ')}`,
    );
    // Before the fix each keystroke re-rendered the page and cloned the whole box: 40–300 ms of
    // script a key here. Now typing starts one re-render (the result is marked out of date).
    expect(ours.script, ours.scripts.join('\n')).toBeLessThan(SCRIPT_LIMIT_MS);
    await expect(stat(page, 'characters')).toHaveAttribute(
      'data-value',
      String(text.replaceAll('\n', '').length + keys.length * rounds.length),
    );
    await expect(page.getByTestId('stats-bar')).toContainText('字符（含空格、不含换行）');
  },
);

test('opens a GBK file, and refuses one over 20 MB with a translated error, keeping the text', async ({ page }) => {
  await open(page);
  // 简体中文，GBK 编码 in GBK bytes, as an old Windows Notepad would save it.
  const gbk = Buffer.from('bcf2cce5d6d0cec4a3ac47424b20b1e0c2eb0d0a', 'hex');
  await page.getByTestId('file-input').setInputFiles({ name: '旧文件.txt', mimeType: 'text/plain', buffer: gbk });
  await expect(input(page)).toHaveValue('简体中文，GBK 编码\n');
  await expect(page.getByText('已打开 旧文件.txt（GBK）')).toBeVisible();

  // Made in the page: sending 20 MB through the DevTools protocol would take most of the test's time.
  await page.getByTestId('file-input').evaluate((element: HTMLInputElement) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61)], 'huge.txt', { type: 'text/plain' }));
    element.files = files.files;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page.getByTestId('input-error')).toContainText('文本超过 20 MB 上限，未载入');
  await expect(input(page)).toHaveValue('简体中文，GBK 编码\n');
});

test('a Windows (CRLF) file keeps CRLF after editing, in the output, the copy and both downloads', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'win.txt', mimeType: 'text/plain', buffer: Buffer.from('第一行\r\n第二行\r\n', 'utf8') });
  await expect(input(page)).toHaveValue('第一行\n第二行\n');
  // The byte count is the file's: 2 × (9 + 2).
  await expect(stat(page, 'utf8Bytes')).toHaveAttribute('data-value', '22');
  // Typing: the browser hands the box's value over with LF only.
  await input(page).click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.type('X');
  await page.keyboard.type('Y');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('第三行');
  await page.keyboard.press('Enter');
  await page.keyboard.type('第四行');
  const expected = '第一行XY\r\n第二行\r\n第三行\r\n第四行';
  await expect(stat(page, 'utf8Bytes')).toHaveAttribute('data-value', String(Buffer.byteLength(expected)));
  await addStep(page, 'trim');
  await expect(output(page)).toHaveValue(expected.replace(/\r\n/g, '\n'));

  const [utf8] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-utf8').click()]);
  expect(readFileSync(await utf8.path(), 'utf8')).toBe(expected);
  const [gbk] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-gbk').click()]);
  expect(new TextDecoder('gbk').decode(readFileSync(await gbk.path()))).toBe(expected);
  await page.getByTestId('copy-output').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  // Pasted Windows text over everything: CRLF too. A typed (LF) text after "clear" stays LF.
  await input(page).click();
  await page.keyboard.press('Control+A');
  await page.evaluate(() => navigator.clipboard.writeText('甲\r\n乙\r\n'));
  await page.keyboard.press('Control+V');
  await expect(input(page)).toHaveValue('甲\n乙\n');
  await page.keyboard.type('丙');
  await expect(output(page)).toHaveValue('甲\n乙\n丙');
  const [pasted] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-utf8').click()]);
  expect(readFileSync(await pasted.path(), 'utf8')).toBe('甲\r\n乙\r\n丙');

  await page.getByTestId('clear-input').click();
  await input(page).fill('a\nb');
  await expect(output(page)).toHaveValue('a\nb');
  const [typed] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-utf8').click()]);
  expect(readFileSync(await typed.path(), 'utf8')).toBe('a\nb');
});

test('a three-step chain gives exactly the expected output, and is remembered after a reload', async ({ page }) => {
  await open(page);
  await addStep(page, 'chinese');
  await addStep(page, 'dedupe');
  await addStep(page, 'affix');
  await page.getByTestId('option-affix-prefix').fill('• ');
  await input(page).fill('简体中文\n后来的发展\n简体中文\n');
  await expect(output(page)).toHaveValue('• 簡體中文\n• 後來的發展\n', { timeout: 20_000 });
  await expect(page.getByTestId('step-report')).toHaveText('去掉 1 行');

  // Turning a step off and moving another change the result at once.
  await page.getByTestId('step-toggle').nth(1).click();
  await expect(output(page)).toHaveValue('• 簡體中文\n• 後來的發展\n• 簡體中文\n');
  await page.getByTestId('step-toggle').nth(1).click();
  await page.getByTestId('step-up').nth(2).click();
  await expect(page.getByTestId('chain-step')).toHaveCount(3);
  await expect(page.getByTestId('chain-step').nth(1)).toHaveAttribute('data-step-type', 'affix');
  await page.getByTestId('step-down').nth(1).click();
  await expect(page.getByTestId('chain-step').nth(2)).toHaveAttribute('data-step-type', 'affix');

  await page.reload();
  await expect(input(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chain-step')).toHaveCount(3);
  await expect(page.getByTestId('chain-step').nth(0)).toHaveAttribute('data-step-type', 'chinese');
  await expect(page.getByTestId('option-affix-prefix')).toHaveValue('• ');
  await input(page).fill('简体中文\n简体中文');
  await expect(output(page)).toHaveValue('• 簡體中文');
});

test.describe('parts that cannot be downloaded', () => {
  // The routes must see the requests: no service worker answering them from its cache.
  test.use({ serviceWorkers: 'block' });

  test('the OpenCC dictionary and the chain worker say so in the page’s language, not "Failed to fetch"', async ({ page }) => {
    // Offline before the service worker had it: the simplified → traditional dictionary never arrives.
    await page.context().route(/\/assets\/cn2t-[^/]*\.js$/, (route) => route.abort());
    await open(page);
    await addStep(page, 'chinese');
    await input(page).fill('简体中文');
    await expect(page.getByTestId('output-error')).toHaveText('简繁转换词典加载失败，请检查网络后再试', { timeout: 20_000 });

    // An old tab after a release: the worker script itself is gone.
    await page.context().route(/text-assistant\.worker-[^/]*\.js$/, (route) => route.abort());
    await page.reload();
    await expect(input(page)).toBeVisible({ timeout: 30_000 });
    await input(page).fill('简体中文');
    await expect(page.getByTestId('output-error')).toHaveText(
      '无法加载所需的组件（网络已断开，或网站刚更新？）。请检查网络连接后刷新页面再试；联网打开过一次后即可离线使用',
      { timeout: 20_000 },
    );
  });
});

test('an invalid regex shows a translated error, a runaway regex is stopped, and the page keeps working', async ({ page }) => {
  await open(page);
  await input(page).fill('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\n2024-01-31');
  await addStep(page, 'replace');
  await page.getByTestId('option-replace-regex').click();
  await page.getByTestId('option-replace-find').fill('(\\d+');
  await expect(page.getByTestId('regex-error')).toContainText('正则表达式无效');
  await expect(page.getByTestId('output-error')).toContainText('第 1 步：正则表达式无效');

  // Catastrophic backtracking: the worker is terminated after its time limit and the reason said.
  await page.getByTestId('option-replace-find').fill('^(a+)+$');
  await expect(page.getByTestId('output-error')).toContainText('灾难性回溯', { timeout: 20_000 });

  await page.getByTestId('option-replace-find').fill('(\\d+)-(\\d+)-(\\d+)');
  await page.getByTestId('option-replace-with').fill('$3/$2/$1');
  await expect(output(page)).toHaveValue('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\n31/01/2024');
  await expect(page.getByTestId('output-error')).toHaveCount(0);
});

test('saves a named chain, loads it back, and downloads the result as GBK', async ({ page }) => {
  await open(page);
  await addStep(page, 'removeBlank');
  await addStep(page, 'sort');
  await page.getByTestId('preset-save').click();
  await page.getByTestId('preset-name').fill('整理名单');
  await page.getByTestId('preset-save-confirm').click();
  // Each popup must be fully open or closed before the next click: under load, a click during
  // antd's open/close motion was lost and the chain was never cleared (seen twice in CI).
  await expect(page.getByTestId('preset-name')).toBeHidden();
  await page.getByTestId('chain-clear').click();
  const confirmClear = page.getByTestId('chain-clear-confirm');
  await clickWhenSettled(confirmClear);
  await expect(confirmClear).toBeHidden();
  await expect(page.getByTestId('chain-empty')).toBeVisible();

  await page.getByTestId('preset-open').click();
  await clickWhenSettled(page.getByTestId('preset-item').filter({ hasText: '整理名单' }));
  await expect(page.getByTestId('chain-step')).toHaveCount(2);
  await input(page).fill('赵六\n\n张三\n李四\n');
  await expect(output(page)).toHaveValue('李四\n张三\n赵六\n');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-gbk').click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.length).toBe(3 * 5);
  expect(new TextDecoder('gbk').decode(bytes)).toBe('李四\n张三\n赵六\n');
});

test('a result of megabytes is shown in part, and copied and downloaded whole', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await addStep(page, 'case');
  // 1.2 M characters. Filling the result box with all of it froze the page ~3 s per million
  // characters on top of the input box's own cost; the box now shows the first 200 000.
  const line = 'error: connection reset by peer 连接被重置 👀\n';
  const big = line.repeat(30_000);
  await input(page).evaluate((element, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, big);
  const expected = big.toUpperCase();
  await expect(page.getByTestId('output-truncated')).toContainText(`结果共 ${expected.length.toLocaleString('en-US')} 个字符`, {
    timeout: 60_000,
  });
  expect((await output(page).inputValue()).length).toBeLessThanOrEqual(200_000);
  expect(expected.startsWith(await output(page).inputValue())).toBe(true);

  await page.getByTestId('copy-output').click();
  await expect.poll(async () => (await page.evaluate(() => navigator.clipboard.readText())) === expected, { timeout: 30_000 }).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-utf8').click()]);
  expect(readFileSync(await download.path(), 'utf8') === expected).toBe(true);

  // The step switched off and Copy clicked at once: the copy is the new result (the text as it
  // is), never the upper-cased one still on screen while the chain reruns.
  // Read right after the click's render: the rerun may finish before a separate check gets its turn.
  const atOnce = await page.evaluate(async () => {
    document.querySelector<HTMLElement>('[data-testid="step-toggle"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const disabled = (id: string) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.disabled;
    return { copy: disabled('copy-output'), download: disabled('download-utf8') };
  });
  expect(atOnce).toEqual({ copy: true, download: true });
  await page.getByTestId('copy-output').click();
  await expect.poll(async () => (await page.evaluate(() => navigator.clipboard.readText())) === big, { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId('output-state')).toHaveAttribute('data-stale', 'false');
  await page.getByTestId('step-toggle').first().click();

  // A short result is shown whole again.
  await input(page).fill('short');
  await expect(output(page)).toHaveValue('SHORT');
  await expect(page.getByTestId('output-truncated')).toHaveCount(0);
});

test('fits a 375 px phone screen with steps open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await open(page);
  await page.getByTestId('sample').click();
  await addStep(page, 'width');
  await addStep(page, 'replace');
  await addStep(page, 'affix');
  await expect(output(page)).not.toHaveValue('');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const id of ['text-assistant-input', 'text-assistant-output', 'stats-bar', 'add-step', 'option-affix-suffix', 'download-gbk']) {
    const box = await page.getByTestId(id).first().boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, id).toBeLessThanOrEqual(375);
  }
});

test('the English route shows the tool in English', async ({ page }) => {
  await open(page, '/en/text/assistant');
  await expect(page).toHaveTitle(/Text assistant/);
  await expect(page.getByTestId('add-step')).toContainText('Add step');
  await expect(page.getByTestId('stats-bar')).toContainText('Chinese characters');
  await addStep(page, 'case');
  await input(page).fill('hello world');
  await expect(output(page)).toHaveValue('HELLO WORLD');
  await expect(page.getByText('文本助手')).toHaveCount(0);
});
