import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';

const ZERO_WIDTH = /\u200B|\u200C|\u200D|\u2060/g;

async function open(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/text/steganography');
  await expect(page).toHaveTitle('文本隐写 - 百宝箱');
  // Generous: the first visit loads the lazy page chunk while other tests share the cores.
  await expect(page.getByTestId('hide-cover')).toBeVisible({ timeout: 30_000 });
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('hide with a password → copy → paste into reveal → the secret comes back', async ({ page }) => {
  await open(page);
  const cover = '今天天气不错，我们下午三点去公园吧。';
  const secret = '真正的地点：图书馆 📚 second floor';
  await page.getByTestId('hide-cover').fill(cover);
  await page.getByTestId('hide-secret').fill(secret);
  await page.getByTestId('hide-password').fill('芝麻开门');
  await page.getByTestId('hide-submit').click();

  const result = page.getByTestId('hide-result');
  await expect(result).toBeVisible();
  const output = await page.getByTestId('hide-output').inputValue();
  const invisible = output.match(ZERO_WIDTH)?.length ?? 0;
  expect(output.replace(ZERO_WIDTH, '')).toBe(cover);
  // The count shown is the count actually added: 9 framing + 44 cipher bytes + the UTF-8 secret, 4 characters per byte.
  expect(invisible).toBe((9 + 44 + Buffer.byteLength(secret)) * 4);
  await expect(page.getByTestId('hide-added')).toContainText(String(invisible));
  await expect(page.getByTestId('survival-nfc')).toHaveAttribute('data-survives', 'true');
  await expect(page.getByTestId('survival-stripZwj')).toHaveAttribute('data-survives', 'false');
  await expect(page.getByTestId('survival-stripFormat')).toHaveAttribute('data-survives', 'false');

  await page.getByTestId('hide-copy').click();
  await expect.poll(() => clipboard(page)).toBe(output);

  await page.getByRole('tab', { name: '提取' }).click();
  await page.getByTestId('reveal-input').focus();
  await page.keyboard.press('Control+V');
  await expect(page.getByTestId('reveal-input')).toHaveValue(output);

  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-problem')).toHaveAttribute('data-kind', 'needsPassword');
  await page.getByTestId('reveal-password').fill('wrong');
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-problem')).toHaveAttribute('data-kind', 'wrongPassword');
  await page.getByTestId('reveal-password').fill('芝麻开门');
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-secret')).toHaveValue(secret);

  // Cut the text in the middle of the run: a marker without intact data is "damaged".
  await page.getByTestId('reveal-input').fill(output.slice(0, 60));
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-problem')).toHaveAttribute('data-kind', 'damaged');
  await page.getByTestId('reveal-input').fill(cover);
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-problem')).toHaveAttribute('data-kind', 'none');
});

test('strip mode counts and removes the hidden characters, keeping emoji sequences', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-cover').fill('Hello 👨‍👩‍👧 world');
  await page.getByTestId('hide-secret').fill('tracking id 42');
  await page.getByTestId('hide-submit').click();
  const output = await page.getByTestId('hide-output').inputValue();
  const added = (output.match(ZERO_WIDTH)?.length ?? 0) - 2;

  await page.getByRole('tab', { name: /清除/ }).click();
  await page.getByTestId('strip-input').fill(output);
  await expect(page.getByTestId('strip-count')).toHaveAttribute('data-count', String(added));
  await expect(page.getByTestId('strip-count')).toContainText(`${added}`);
  await expect(page.getByTestId('strip-output')).toHaveValue('Hello 👨‍👩‍👧 world');
  await page.getByTestId('strip-copy').click();
  await expect.poll(() => clipboard(page)).toBe('Hello 👨‍👩‍👧 world');

  await page.getByRole('tab', { name: '提取' }).click();
  await page.getByTestId('reveal-input').fill('Hello 👨‍👩‍👧 world');
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-problem')).toHaveAttribute('data-kind', 'none');
});

test('the tabs are one tab stop, moved with the arrow keys, Home and End, and a panel keeps what was typed', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-cover').fill('留在这里');
  const tab = (name: string | RegExp) => page.getByRole('tab', { name });
  await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await tab('隐藏').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('提取')).toBeFocused();
  await expect(tab('提取')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('reveal-input')).toBeVisible();
  await expect(page.getByTestId('hide-cover')).toBeHidden();
  await page.keyboard.press('End');
  await expect(tab(/清除/)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('隐藏')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('隐藏')).toHaveAttribute('tabindex', '0');
  await expect(tab('提取')).toHaveAttribute('tabindex', '-1');
  await expect(page.getByTestId('hide-cover')).toHaveValue('留在这里');
  await page.keyboard.press('Home');
  await expect(tab('隐藏')).toBeFocused();
});

test('375 px: one column, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await page.getByTestId('hide-cover').fill('窄屏测试：一段比较长的载体文字，看看会不会超出屏幕宽度。');
  await page.getByTestId('hide-secret').fill('secret');
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('survival')).toBeVisible();
  for (const id of ['hide-submit', 'hide-output', 'survival', 'hide-copy']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a result made from other inputs is marked out of date and cannot be copied until made again', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-cover').fill('今天天气不错');
  await page.getByTestId('hide-secret').fill('旧的秘密');
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('hide-result')).toBeVisible();
  await expect(page.getByTestId('hide-stale')).toHaveCount(0);
  await expect(page.getByTestId('hide-copy')).toBeEnabled();

  // Fixing a typo in the secret must not leave the old secret one click from the clipboard.
  await page.getByTestId('hide-secret').fill('新的秘密');
  await expect(page.getByTestId('hide-stale')).toBeVisible();
  await expect(page.getByTestId('hide-copy')).toBeDisabled();
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('hide-stale')).toHaveCount(0);
  await expect(page.getByTestId('hide-copy')).toBeEnabled();
  await page.getByTestId('hide-copy').click();
  const copied = await clipboard(page);
  await page.getByRole('tab', { name: '提取' }).click();
  await page.getByTestId('reveal-input').fill(copied);
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-secret')).toHaveValue('新的秘密');
});

/** Replaces a textarea's text the way a paste does, without Playwright echoing megabytes on failure. */
async function paste(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).evaluate((element, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

test('a 1.5 MB paste is counted and cleaned, in boxes that no longer re-measure the whole text per keystroke', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  await page.getByRole('tab', { name: /清除/ }).click();
  const big = '这是一段很长的文字，其中夹着\u200b零宽字符。Hello world.\n'.repeat(20_000);
  await paste(page, 'strip-input', big);
  await expect(page.getByTestId('strip-count')).toHaveAttribute('data-count', '20000', { timeout: 60_000 });
  // An auto-sized box lays out all of its text again to find its height: for 660 000 characters
  // that is seconds per keystroke (the page froze ~15 s on this paste). Big texts get fixed rows.
  for (const id of ['strip-input', 'strip-output']) {
    const box = page.getByTestId(id);
    await expect(box, id).toHaveAttribute('rows', /^\d+$/);
    expect(await box.evaluate((element: HTMLTextAreaElement) => element.style.height), id).toBe('');
  }
  await page.getByTestId('strip-input').press('Control+End');
  await page.keyboard.type('x');
  await expect(page.getByTestId('strip-output')).toHaveValue(/零宽字符。Hello world\.\nx$/, { timeout: 60_000 });

  // Short text grows its box again.
  await paste(page, 'strip-input', 'short\u200b');
  await expect(page.getByTestId('strip-count')).toHaveAttribute('data-count', '1');
  expect(await page.getByTestId('strip-input').evaluate((element: HTMLTextAreaElement) => element.style.height)).not.toBe('');
});
