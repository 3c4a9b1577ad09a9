import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';
import { FIXTURE_LAST_WORDS, listItemText, makeDocx, makeListDocx } from './docx-fixture';
import { prepareDocx } from './docx-slices';

const file = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
const pages = (page: Page) => page.getByTestId('doc-pages');

async function openAndWait(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(file(name, bytes));
  await page.waitForFunction(() => document.querySelector('[data-testid="doc-pages"]')?.getAttribute('data-state') === 'done', null, {
    polling: 250,
    timeout: 60_000,
  });
}

/**
 * The list markers Chromium shows (CSS counters in ::before, which no DOM API reads), from its
 * accessibility tree: item number → marker text, for the items laid out now.
 */
async function markers(page: Page): Promise<Map<string, string>> {
  const client = await page.context().newCDPSession(page);
  const { nodes } = (await client.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string } }[];
  };
  await client.detach();
  const texts = nodes.filter((node) => node.role?.value === 'StaticText').map((node) => String(node.name?.value ?? ''));
  const found = new Map<string, string>();
  texts.forEach((text, index) => {
    const item = /(?:item|sub-item of) (\d+)$/.exec(text);
    if (item && index >= 2) found.set(`${text.startsWith('子项') ? 's' : ''}${item[1]}`, `${texts[index - 2]}${texts[index - 1]!.trim()}`);
  });
  return found;
}

test('a numbered list runs on over pages and slices: 1 to 120, sub-items lettered from a) under each', async ({ page }) => {
  test.setTimeout(120_000);
  const bytes = makeListDocx(120, 10);
  expect(prepareDocx(bytes).slices.length, 'the list crosses slice boundaries').toBeGreaterThan(3);
  await page.goto('/doc/preview');
  await openAndWait(page, '编号列表.docx', bytes);
  await expect(page.getByTestId('doc-page-count')).toHaveText('12 页');
  // Off-screen pages are not laid out (content-visibility): each page is brought into view in turn.
  const seen = new Map<string, string>();
  const count = await pages(page).locator('section.docx').count();
  for (let index = 0; index < count; index += 1) {
    await pages(page).locator('section.docx').nth(index).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await markers(page)).size).toBeGreaterThan(0);
    for (const [item, marker] of await markers(page)) seen.set(item, marker);
  }
  for (let item = 1; item <= 120; item += 1) {
    expect(seen.get(String(item)), listItemText(item)).toBe(`${item}.`);
    if (item % 5 === 0) expect(seen.get(`s${item}`), `sub-item of ${item}`).toBe('a)');
  }
  // A page starts with its item: no empty numbered line is left at the foot of the page before.
  await expect(pages(page).locator('section.docx').nth(1).locator('article p').first()).toContainText(listItemText(11));
  await expect(pages(page).locator('section.docx').first().locator('article p').last()).toHaveText('子项 sub-item of 10');
});

test('printing shows the document pages alone, every page on an A4 sheet of its own', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/doc/preview');
  const bytes = makeDocx({ pages: 30 });
  expect(prepareDocx(bytes).slices.length, 'the document is rendered in several slices').toBeGreaterThan(2);
  await openAndWait(page, '打印.docx', bytes);
  await expect(page.getByTestId('doc-page-count')).toHaveText('30 页');
  await expect(page.getByTestId('doc-print')).toBeEnabled();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByTestId('doc-print')).toBeHidden();
  await expect(page.getByTestId('doc-outline')).toBeHidden();
  await expect(page.getByTestId('file-input').locator('xpath=..')).toBeHidden();
  await expect(pages(page).getByText(FIXTURE_LAST_WORDS)).toBeVisible();
  const first = await pages(page).locator('section.docx').first().boundingBox();
  expect(first?.x, 'the first page sits at the sheet corner').toBe(0);
  expect(first?.y).toBe(0);

  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const sheets = [...pdf.matchAll(/\/Type\s*\/Page\b/g)].length;
  expect(sheets, 'one PDF page per document page').toBe(30);
  // A4 from the document's w:pgSz (11906 × 16838 twips), in PDF points.
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
  expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([595, 842]);
});

const hasCjkFonts = (() => {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).includes('Noto Serif CJK SC');
  } catch {
    return false;
  }
})();

test('宋体 and 黑体 are drawn with the installed Noto CJK fonts, and no font is fetched', async ({ page }) => {
  test.skip(!hasCjkFonts, 'Noto CJK fonts are not installed (apt-get install fonts-noto-cjk)');
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf|ttc)(\?|$)/i.test(request.url())) fontRequests.push(request.url());
  });
  await page.goto('/doc/preview');
  await openAndWait(page, '字体.docx', makeDocx({ pages: 2 }));
  const client = await page.context().newCDPSession(page);
  const usedFonts = async (text: string) => {
    await page.evaluate(() => document.querySelector('[data-font-probe]')?.removeAttribute('data-font-probe'));
    await pages(page)
      .getByText(text, { exact: true })
      .first()
      .evaluate((element) => element.setAttribute('data-font-probe', ''));
    const { root } = (await client.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
    const { nodeId } = (await client.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' })) as {
      nodeId: number;
    };
    const { fonts } = (await client.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: { familyName: string }[] };
    return fonts.map((font) => font.familyName);
  };
  await client.send('DOM.enable');
  await client.send('CSS.enable');
  // The fixture's body runs: 宋体 (a serif Song face) and 黑体 (a sans face), neither installed here.
  expect(await usedFonts('这是第 1 页的第 1 段。')).toContain('Noto Serif CJK SC');
  expect(await usedFonts('百宝箱')).toContain('Noto Sans CJK SC');
  expect(fontRequests).toEqual([]);
});
