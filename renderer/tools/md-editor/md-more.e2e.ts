import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

const editor = (page: Page) => page.locator('[data-testid="md-editor"] .cm-content');
const scroller = (page: Page) => page.locator('[data-testid="md-editor"] .cm-scroller');
const preview = (page: Page) => page.getByTestId('md-preview');

test('/md is the editor under its internal alias, in either language, query kept', async ({ page, request }) => {
  // The server answers the alias with a redirect (no page of its own for search engines to index).
  const answer = await request.get('/en/md?from=alias', { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe('/en/md/editor?from=alias');

  await page.goto('/md');
  await expect(page).toHaveURL(/\/md\/editor$/);
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle('Markdown编辑器 - 百宝箱');

  // In the app too (offline the service worker serves every address, so only the app can redirect).
  await page.evaluate(() => {
    history.pushState(null, '', '/en/md#top');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/en\/md\/editor#top$/);
  await expect(editor(page)).toBeVisible();
});

/** Sections of uneven length (a long list, a code block, a table), so no proportional scroll lines them up. */
function longDocument(): string {
  const sections: string[] = [];
  for (let index = 1; index <= 60; index++) {
    const body =
      index % 3 === 0
        ? Array.from({ length: 12 }, (_, item) => `- 第 ${index} 节的条目 ${item}`).join('\n')
        : index % 3 === 1
          ? ['```js', ...Array.from({ length: 6 }, (_, line) => `const value${line} = ${index * line};`), '```'].join('\n')
          : '| 列 | 值 |\n| --- | --- |\n| 甲 | 1 |\n| 乙 | 2 |';
    sections.push(`## 第 ${index} 节\n\n这是第 ${index} 节的说明文字。\n\n${body}\n`);
  }
  return sections.join('\n');
}

/** Scrolls the editor until the line with `text` is at its top, as a reader scrolling to it would. */
async function scrollEditorTo(page: Page, text: string): Promise<void> {
  await scroller(page).evaluate(async (element, wanted) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // From the top down (a paste leaves the view at the end).
    element.scrollTop = 0;
    await frame();
    for (let step = 0; step < 400; step++) {
      const line = [...element.querySelectorAll('.cm-line')].find((candidate) => candidate.textContent === wanted);
      if (line) {
        element.scrollTop += line.getBoundingClientRect().top - element.getBoundingClientRect().top;
        return;
      }
      element.scrollTop += 300;
      await frame();
    }
    throw new Error(`no line "${wanted}" in the editor`);
  }, text);
}

/** Where `heading` is in the preview's view: 0 at its top edge, 1 at its bottom edge. */
async function placeInPreview(page: Page, heading: string): Promise<number> {
  return preview(page)
    .locator('h2', { hasText: new RegExp(`^${heading}$`) })
    .evaluate((element) => {
      const view = element.closest('[data-testid="md-preview"]')!.getBoundingClientRect();
      return (element.getBoundingClientRect().top - view.top) / view.height;
    });
}

/** Where the line `text` is in the editor's view (0 top, 1 bottom); NaN when it is not drawn. */
async function placeInEditor(page: Page, text: string): Promise<number> {
  return scroller(page).evaluate((element, wanted) => {
    const line = [...element.querySelectorAll('.cm-line')].find((candidate) => candidate.textContent === wanted);
    if (!line) return Number.NaN;
    const view = element.getBoundingClientRect();
    return (line.getBoundingClientRect().top - view.top) / view.height;
  }, text);
}

test('split view: scrolling the editor to a heading brings it into the preview, and back', async ({ page }) => {
  await page.goto('/md/editor');
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await editor(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, longDocument());
  await expect(preview(page).locator('h2')).toHaveCount(60, { timeout: 30_000 });
  await expect(page.getByTestId('md-workspace')).toHaveClass(/md-ws--split/);

  await scrollEditorTo(page, '## 第 40 节');
  // The preview follows: the same heading at the top of its view (a few pixels of margin aside).
  await expect(async () => {
    const place = await placeInPreview(page, '第 40 节');
    expect(place).toBeGreaterThanOrEqual(-0.05);
    expect(place).toBeLessThan(0.2);
  }).toPass({ timeout: 10_000 });

  // And back: scrolling the preview to an earlier heading brings its line to the editor's top.
  await preview(page).evaluate((element) => {
    const heading = [...element.querySelectorAll('h2')].find((candidate) => candidate.textContent === '第 12 节')!;
    element.scrollTop += heading.getBoundingClientRect().top - element.getBoundingClientRect().top;
  });
  await expect(async () => {
    const place = await placeInEditor(page, '## 第 12 节');
    expect(place).toBeGreaterThanOrEqual(-0.05);
    expect(place).toBeLessThan(0.2);
  }).toPass({ timeout: 10_000 });
});
