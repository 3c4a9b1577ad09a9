import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { makeEpub } from '../../../shared/testing/books';
import { expect, test } from '../../../e2e/privacy';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
const corpusBook = (path: string) => join(corpusDir, 'ebook', path);

let dir: string;
const file = (name: string) => join(dir, name);

const PLACEHOLDER = '输入要查找的文字';

/** A word found once in the whole book, in chapter 4. */
const NEEDLE = 'zebracorn';
const paragraphs = (chapter: number) =>
  Array.from(
    { length: 40 },
    (_, at) => `<p>Chapter ${chapter} paragraph ${at + 1}. ${'The sea was calm and the whale was near. '.repeat(6)}</p>`,
  ).join('');

const FOOTNOTE =
  '<p>A claim<a id="ref1" epub:type="noteref" href="#note1">1</a>.</p><aside epub:type="footnote" id="note1"><p>The source of the claim.</p></aside>';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-epub-reader-e2e-'));
  const chapters = [1, 2, 3, 4, 5].map((chapter) => ({
    title: `Chapter ${chapter}`,
    body: `<h1>Chapter ${chapter} heading</h1>${chapter === 4 ? `<p>Here hides the ${NEEDLE} of the sea.</p>` : ''}${chapter === 2 ? FOOTNOTE : ''}${paragraphs(chapter)}`,
  }));
  const book = makeEpub({ title: 'Whale Test Book', creators: ['Test Author'], identifier: 'urn:reader-e2e', chapters });
  writeFileSync(file('whale.epub'), book);
  writeFileSync(file('cut.epub'), book.subarray(0, Math.floor(book.length / 2)));
  writeFileSync(file('empty.epub'), '');
  // A PDF named .epub: the import core reads the content, not the name.
  writeFileSync(file('notes.epub'), '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  if (!corpusPresent) console.info(`epub-reader e2e: corpus books skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of the book's rendered chapter(s): foliate draws them in blob: iframes inside a closed shadow root. */
async function bookText(page: Page): Promise<string> {
  const frames = page.frames().filter((frame) => frame.url().startsWith('blob:'));
  const texts = await Promise.all(frames.map((frame) => frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')));
  return texts.join('\n');
}

async function openFile(page: Page, path: string): Promise<void> {
  await page.goto('/epub/reader');
  await page.getByTestId('file-input').setInputFiles(path);
}

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('reader')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
}

const progress = async (page: Page) => Number((await page.getByTestId('reader-progress').textContent())?.replace('%', ''));

test('opens a dropped book, turns pages, jumps by the contents, finds a word, keeps bookmarks and the place over a reload', async ({
  page,
}) => {
  await openFile(page, file('whale.epub'));
  await ready(page);
  await expect(page.getByTestId('reader-title')).toHaveText('Whale Test Book');
  await expect(page).toHaveURL(/\/epub\/reader\?id=[0-9a-f]{32}$/);
  await expect.poll(() => bookText(page)).toContain('Chapter 1 heading');
  // foliate counts the page shown as read: the first page of this book is 0 or 1 %.
  expect(await progress(page)).toBeLessThanOrEqual(1);

  // Keyboard and the next button turn pages; the progress follows. foliate ignores a turn within
  // 100 ms of the previous one (so a held key does not race through the book): retry until it turns.
  const turns = async (turn: () => Promise<void>, moved: (now: number) => boolean) =>
    expect(async () => {
      await turn();
      expect(moved(await progress(page))).toBe(true);
    }).toPass({ timeout: 10_000 });
  const start = await progress(page);
  await turns(
    () => page.keyboard.press('ArrowRight'),
    (now) => now > start,
  );
  const afterKey = await progress(page);
  await turns(
    () => page.getByTestId('reader-next').click(),
    (now) => now > afterKey,
  );
  const afterTurns = await progress(page);
  await turns(
    () => page.keyboard.press('ArrowLeft'),
    (now) => now < afterTurns,
  );

  // The contents drawer jumps to chapter 3.
  await page.getByTestId('reader-open-contents').click();
  await page.getByTestId('reader-toc').getByText('Chapter 3', { exact: true }).click();
  await expect.poll(() => bookText(page)).toContain('Chapter 3 heading');
  await expect.poll(() => progress(page)).toBeGreaterThanOrEqual(35);

  // Full-text search finds the one word in chapter 4 and jumps to it.
  await page.getByTestId('reader-open-search').click();
  await page.getByPlaceholder(PLACEHOLDER).fill(NEEDLE);
  await page.getByPlaceholder(PLACEHOLDER).press('Enter');
  await expect(page.getByTestId('reader-search-summary')).toHaveText('找到 1 处');
  await expect(page.getByTestId('reader-search-hit').locator('mark')).toHaveText(NEEDLE);
  await page.getByTestId('reader-search-hit').click();
  await expect.poll(() => bookText(page)).toContain(`Here hides the ${NEEDLE}`);

  // A bookmark here; a second one at the same place is refused with the spec's message.
  await page.getByTestId('reader-add-bookmark').click();
  await expect(page.getByText('已添加书签')).toBeVisible();
  await expect(page.getByTestId('reader-add-bookmark')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('reader-add-bookmark').click();
  await expect(page.getByText('bookmark already exists!')).toBeVisible();
  await page.getByTestId('reader-open-bookmarks').click();
  await expect(page.getByTestId('reader-bookmark')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('reader-bookmark-list')).toBeHidden();

  // End goes to the end of the book; the reader's place survives a reload.
  await page.keyboard.press('End');
  await expect.poll(() => progress(page)).toBeGreaterThanOrEqual(95);
  await page.keyboard.press('Home');
  await expect.poll(() => progress(page)).toBeLessThanOrEqual(1);
  await expect.poll(() => bookText(page)).toContain('Chapter 1 heading');
  await page.getByTestId('reader-open-contents').click();
  await page.getByTestId('reader-toc').getByText('Chapter 4', { exact: true }).click();
  await expect.poll(() => bookText(page)).toContain('Chapter 4 heading');
  const place = await progress(page);
  // The location is written as the page turns; give the write a moment before reloading.
  await page.waitForTimeout(500);
  await page.reload();
  await ready(page);
  await expect.poll(() => progress(page)).toBe(place);
  await expect.poll(() => bookText(page)).toContain('Chapter 4 heading');
  await page.getByTestId('reader-open-bookmarks').click();
  await expect(page.getByTestId('reader-bookmark')).toHaveCount(1);
  await page.getByTestId('reader-bookmark-remove').click();
  await expect(page.getByTestId('reader-bookmark')).toHaveCount(0);
});

test('a footnote opens as a pop-up, not as a jump', async ({ page }) => {
  await openFile(page, file('whale.epub'));
  await ready(page);
  await page.getByTestId('reader-open-contents').click();
  await page.getByTestId('reader-toc').getByText('Chapter 2', { exact: true }).click();
  await expect.poll(() => bookText(page)).toContain('Chapter 2 heading');
  // The note itself is hidden in the text…
  const chapter = page.frames().find((frame) => frame.url().startsWith('blob:'))!;
  await expect(chapter.locator('#note1')).toBeHidden();
  const before = await progress(page);
  await chapter.locator('#ref1').click();
  // …and shows in the pop-up; the page stays where it was.
  await expect(page.locator('.er-footnote--open')).toBeVisible();
  await expect.poll(() => bookText(page)).toContain('The source of the claim.');
  expect(await progress(page)).toBe(before);
});

test('settings change the page and stay after a reload', async ({ page }) => {
  await openFile(page, file('whale.epub'));
  await ready(page);
  await page.getByTestId('reader-open-settings').click();
  await page.getByTestId('reader-theme').getByText('夜间').click();
  await expect(page.getByTestId('reader')).toHaveClass(/er-reader--dark/);
  // Light text on the dark page, the book's own background let through.
  const textColor = async () =>
    (
      await Promise.all(
        page
          .frames()
          .filter((frame) => frame.url().startsWith('blob:'))
          .map((frame) => frame.evaluate(() => getComputedStyle(document.body).color).catch(() => '')),
      )
    ).join();
  await expect.poll(textColor).toContain('rgb(212, 212, 212)');
  await expect(page.getByTestId('reader-host')).toHaveCSS('background-color', 'rgb(28, 28, 30)');
  await page.getByTestId('reader-flow').getByText('滚动').click();
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('reader')).toHaveClass(/er-reader--dark/);
  await page.getByTestId('reader-open-settings').click();
  await expect(page.getByTestId('reader-flow').locator('.ant-segmented-item-selected')).toHaveText('滚动');
});

test('an unknown id says so and links to the library; bad files get their own message', async ({ page }) => {
  await page.goto('/epub/reader?id=0123456789abcdef0123456789abcdef');
  await expect(page.getByTestId('reader-missing')).toContainText('书架中没有这本书');
  await expect(page.getByTestId('reader-missing-library')).toHaveAttribute('href', '/book/library');

  await page.getByTestId('file-input').setInputFiles(file('cut.epub'));
  await expect(page.getByTestId('reader-error')).toContainText('不完整');
  await page.getByTestId('file-input').setInputFiles(file('empty.epub'));
  await expect(page.getByTestId('reader-error')).toContainText('空文件');
  await page.getByTestId('file-input').setInputFiles(file('notes.epub'));
  await expect(page.getByTestId('reader-error')).toContainText('不是支持的电子书格式');
});

test('in English at 375 px the reader covers the screen and its drawers are 90vw', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/en/epub/reader');
  await page.getByTestId('file-input').setInputFiles(file('whale.epub'));
  await ready(page);
  const box = await page.getByTestId('reader').boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
  await page.getByTestId('reader-open-contents').click();
  await expect(page.getByTestId('reader-contents-drawer').getByText('Contents')).toBeVisible();
  const drawer = await page.locator('.ant-drawer-content-wrapper').boundingBox();
  expect(Math.abs(drawer!.width - 375 * 0.9)).toBeLessThan(1);
});

test.describe('corpus books', () => {
  test.skip(!corpusPresent, `no corpus at ${corpusDir}`);

  test('Moby-Dick (EPUB 3) opens and search finds Ishmael', async ({ page }) => {
    await openFile(page, corpusBook('epub3-samples/moby-dick.epub'));
    await ready(page);
    await expect(page.getByTestId('reader-title')).toHaveText('Moby-Dick');
    await page.getByTestId('reader-open-search').click();
    await page.getByPlaceholder(PLACEHOLDER).fill('Ishmael');
    await page.getByPlaceholder(PLACEHOLDER).press('Enter');
    await expect(page.getByTestId('reader-search-summary')).toContainText('找到', { timeout: 30_000 });
    expect(await page.getByTestId('reader-search-hit').count()).toBeGreaterThan(5);
  });

  test('a MOBI opens with its text', async ({ page }) => {
    await openFile(page, corpusBook('file-type/fixture.mobi'));
    await ready(page);
    await expect(page.getByTestId('reader-title')).toHaveText('Metamorphosis');
    await page.getByTestId('reader-next').click();
    await expect.poll(() => bookText(page)).toMatch(/Gregor/);
  });

  test('the Arabic book reads right to left', async ({ page }) => {
    await openFile(page, corpusBook('epub3-samples/regime-anticancer-arabic.epub'));
    await ready(page);
    const dirs = async () =>
      (
        await Promise.all(
          page
            .frames()
            .filter((frame) => frame.url().startsWith('blob:'))
            .map((frame) => frame.evaluate(() => getComputedStyle(document.body).direction).catch(() => '')),
        )
      ).join();
    await expect.poll(dirs).toContain('rtl');
  });

  test('the Japanese book is set vertically', async ({ page }) => {
    await openFile(page, corpusBook('epub3-samples/mymedia_lite.epub'));
    await ready(page);
    const modes = async () =>
      (
        await Promise.all(
          page
            .frames()
            .filter((frame) => frame.url().startsWith('blob:'))
            .map((frame) => frame.evaluate(() => getComputedStyle(document.body).writingMode).catch(() => '')),
        )
      ).join();
    // Its first page is a horizontal cover; the text after it is set in vertical columns, right to left.
    await expect
      .poll(async () => {
        await page.keyboard.press('PageDown');
        return modes();
      })
      .toMatch(/vertical-rl/);
  });
});
