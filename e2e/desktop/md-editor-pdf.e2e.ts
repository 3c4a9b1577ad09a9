import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import type { PrintContents } from '../../electron/main/ipc/capabilities/pdf';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

// Desktop /md/editor: "export PDF" goes through platform.pdf (pdf:save-html) to main's real handler,
// which prints in a hidden page. Chromium's page.pdf() stands in for Electron's printToPDF (the same
// printer); the save dialog answers with a temp path.

const DOCUMENT = ['# 季度报告 Quarterly', '', '质能方程：$E = mc^2$', '', '| 产品 | 销量 |', '| --- | --- |', '| 苹果 | 42 |', ''].join(
  '\n',
);

/** A hidden page without scripts in its own context, as main's print window is. */
function printPage(context: BrowserContext): () => Promise<PrintContents> {
  return async () => {
    const page = await context.newPage();
    return {
      loadFile: async (path) => void (await page.goto(pathToFileURL(path).href)),
      printToPDF: async ({ pageSize, printBackground, preferCSSPageSize }) =>
        page.pdf({ format: pageSize, printBackground, preferCSSPageSize }),
      close: () => void page.close(),
    };
  };
}

test('the desktop saves the PDF itself, no print dialog: main prints the document and pdftotext reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'baibao-desktop-pdf-'));
  const printContext = await browser.newContext({ javaScriptEnabled: false });
  try {
    const asked: string[] = [];
    const harness = await installNativeHarness(page, {
      trustedOrigin: new URL(baseURL!).origin,
      pdf: {
        chooseSavePath: async (name) => {
          asked.push(name);
          return join(dir, name);
        },
        openContents: printPage(printContext),
      },
    });
    await page.goto('/md/editor');
    await page
      .getByTestId('md-import-input')
      .setInputFiles({ name: '季度报告.md', mimeType: 'text/markdown', buffer: Buffer.from(DOCUMENT) });
    const preview = page.getByTestId('md-preview');
    await expect(preview.locator('table')).toContainText('苹果');
    await expect(preview.locator('.katex').first()).toBeVisible({ timeout: 20_000 });

    await page.getByTestId('md-export-toggle').click();
    await expect(page.getByTestId('md-export-pdf')).toHaveText('PDF (.pdf)');
    await page.getByTestId('md-export-pdf').click();
    const saved = join(dir, '季度报告.pdf');
    await expect(page.getByText(`PDF 已保存：${saved}`)).toBeVisible({ timeout: 30_000 });

    expect(asked).toEqual(['季度报告.pdf']);
    expect(harness.calls.filter((call) => call.channel === 'pdf:save-html')).toHaveLength(1);
    // The website's way (a hint, then the print dialog from a hidden frame) was not taken.
    await expect(page.getByText('在打印对话框中选择')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(existsSync(saved)).toBe(true);
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', saved, '-'], { encoding: 'utf8' });
    expect(text).toContain('Quarterly');
    expect(text).toContain('苹果');
  } finally {
    await printContext.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
