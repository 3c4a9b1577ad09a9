import { readFileSync } from 'node:fs';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';

const TEXT =
  '研究表明，汉字的顺序并不一定能影响阅读。中华人民共和国成立于1949年！详见 https://example.com/reading?q=1 或来信 me@example.cn。Internationalization comprehension.';

async function open(page: Page): Promise<void> {
  await page.goto('/text/disorder');
  await expect(page).toHaveTitle('汉字乱序 - 百宝箱');
  // Generous: the first visit loads the lazy page chunk while other tests share the cores.
  await expect(page.getByTestId('text-disorder-input')).toBeVisible({ timeout: 30_000 });
}

const output = (page: Page) => page.getByTestId('text-disorder-output');
const sorted = (text: string) => Array.from(text).sort().join('');

/** Waits for the debounced output to reflect `input` (it has the same length once computed). */
async function settledOutput(page: Page, input: string): Promise<string> {
  await expect.poll(async () => (await output(page).inputValue()).length, { timeout: 10_000 }).toBe(input.length);
  return output(page).inputValue();
}

test('shuffles typed text live, keeping every character and the punctuation in place', async ({ page }) => {
  await open(page);
  await page.getByTestId('text-disorder-input').pressSequentially('研究表明，');
  const typed = await settledOutput(page, '研究表明，');
  expect(typed).not.toBe('研究表明，');
  expect(typed.at(-1)).toBe('，');

  await page.getByTestId('text-disorder-input').fill(TEXT);
  const shuffled = await settledOutput(page, TEXT);
  expect(shuffled).not.toBe(TEXT);
  expect(sorted(shuffled)).toBe(sorted(TEXT));
  Array.from(TEXT).forEach((char, index) => {
    if (/[\p{P}\s\d]/u.test(char)) expect(Array.from(shuffled)[index], `position ${index}`).toBe(char);
  });
  expect(shuffled).toContain('https://example.com/reading?q=1');
  expect(shuffled).toContain('me@example.cn');
  // Latin is left alone until its option is on.
  expect(shuffled).toContain('Internationalization comprehension.');
  await expect(page.getByTestId('character-count')).toHaveText(`${Array.from(TEXT).length} 字`);
  await expect(page.getByTestId('shuffle-stats')).toContainText('已打乱');

  await page.getByTestId('option-latin').click();
  await expect(output(page)).not.toHaveValue(shuffled);
  const withLatin = await output(page).inputValue();
  expect(withLatin).not.toContain('Internationalization');
  expect(withLatin).toMatch(/I\w{18}n c\w{11}n\./);
  expect(withLatin).toContain('https://example.com/reading?q=1');
  expect(withLatin).toContain('me@example.cn');
});

test('the same seed reproduces the result; intensity 0 leaves the text as it is', async ({ page }) => {
  await open(page);
  await page.getByTestId('option-latin').click();
  await page.getByTestId('option-seed').fill('abc123');
  await page.getByTestId('text-disorder-input').fill(TEXT);
  const first = await settledOutput(page, TEXT);

  const seed = page.getByTestId('option-seed');
  await page.getByTestId('new-seed').click();
  await expect(seed).not.toHaveValue('abc123');
  // "Internationalization" alone has 18! orders of its inner letters, so a new seed changes the text.
  await expect(output(page)).not.toHaveValue(first);

  await seed.fill('abc123');
  await expect(output(page)).toHaveValue(first);

  // The same seed in a fresh page gives the same text too: nothing depends on the session.
  await page.reload();
  await expect(page.getByTestId('text-disorder-input')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('option-latin').click();
  await page.getByTestId('option-seed').fill('abc123');
  await page.getByTestId('text-disorder-input').fill(TEXT);
  expect(await settledOutput(page, TEXT)).toBe(first);

  const slider = page.getByRole('slider', { name: '强度' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(output(page)).toHaveValue(TEXT);
  await expect(page.getByTestId('shuffle-stats')).toContainText('已打乱 0 /');
});

/**
 * The unit tests run the segmenter under Node; this proves Chromium's ICU cuts Chinese the same
 * way. Only Chinese is compared: Chromium splits "example.com" into three segments where Node
 * keeps one, which is why the service cuts URLs, emails and domains out before segmenting.
 */
test('the browser segments Chinese words like Node does', async ({ page }) => {
  await open(page);
  const han = (segments: string[]) => segments.filter((segment) => /^\p{Script=Han}+$/u.test(segment));
  const segment = (text: string) => Array.from(new Intl.Segmenter('zh', { granularity: 'word' }).segment(text), (part) => part.segment);
  const inBrowser = await page.evaluate(
    (text) => Array.from(new Intl.Segmenter('zh', { granularity: 'word' }).segment(text), (part) => part.segment),
    TEXT,
  );
  expect(han(inBrowser)).toEqual(han(segment(TEXT)));
  expect(han(inBrowser)).toContain('研究');
});

test('copies and downloads the result', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await page.getByTestId('sample').click();
  const sample = await page.getByTestId('text-disorder-input').inputValue();
  const shuffled = await settledOutput(page, sample);
  expect(shuffled).not.toBe(sample);

  await page.getByTestId('copy-output').click();
  await expect(page.getByText('复制成功')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shuffled);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-output').click()]);
  expect(download.suggestedFilename()).toBe('汉字乱序.txt');
  expect(readFileSync(await download.path(), 'utf8')).toBe(shuffled);
});

test('fits a 375 px phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await open(page);
  await page.getByTestId('sample').click();
  await expect(output(page)).not.toHaveValue('');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const id of ['text-disorder-input', 'text-disorder-output', 'option-seed', 'copy-output']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
});

test('a 1 MB text with a base64 blob is shuffled in the background: the page stays usable meanwhile', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  const big = `${'研究表明，汉字的顺序并不一定能影响阅读。中华人民共和国成立于1949年！\n'.repeat(25_000)}附件：${'QUJD'.repeat(20_000)}\n`;
  // Set like a paste, so a failure does not echo a megabyte into the report.
  await page.getByTestId('text-disorder-input').evaluate((element, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, big);
  // Shuffling runs in a worker, so the page still answers clicks meanwhile. (Whether the "working"
  // note shows depends on how fast this machine shuffles, so it is not waited for.)
  const keepFirst = page.getByTestId('option-keepFirst');
  await keepFirst.click();
  await expect(keepFirst).toHaveAttribute('aria-checked', 'true', { timeout: 3000 });
  // 80 KB of base64 once made the URL pattern backtrack for minutes; now the result comes promptly.
  await expect.poll(async () => (await output(page).inputValue()).length, { timeout: 60_000 }).toBe(big.length);
  // The box keeps showing the last shuffle while the next one runs; "working" appears only after a
  // delay, so it is no sign that the result is current. data-stale is, at once.
  await expect(output(page)).toHaveAttribute('data-stale', 'false', { timeout: 30_000 });
  const shuffled = await output(page).inputValue();
  expect(shuffled).not.toBe(big);
  expect(sorted(shuffled)).toBe(sorted(big));
  // With keepFirst on, every line still starts with 研.
  expect(
    shuffled
      .split('\n')
      .slice(0, 25_000)
      .every((line) => line.startsWith('研')),
  ).toBe(true);

  // Another seed, then Copy at once: what is copied is the new shuffle, never the one on screen
  // before it (the button waits, disabled, until the new one is there).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Read right after the change's render: the new shuffle may finish before a separate check gets its turn.
  const disabledAtOnce = await page.getByTestId('option-seed').evaluate(async (element: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, 'another seed');
    element.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return document.querySelector<HTMLButtonElement>('[data-testid="copy-output"]')!.disabled;
  });
  expect(disabledAtOnce).toBe(true);
  await page.getByTestId('copy-output').click();
  await expect(output(page)).toHaveAttribute('data-stale', 'false', { timeout: 30_000 });
  const reshuffled = await output(page).inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reshuffled);
});
