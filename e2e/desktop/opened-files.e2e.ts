import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenedFiles, openedPathsFromArgv } from '../../electron/main/opened-files';
import { FIXTURE_LAST_WORDS, fixtureHeading, makeDocx } from '../../renderer/tools/doc-preview/docx-fixture';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-opened-e2e-'));
  writeFileSync(join(dir, '季度报告.docx'), makeDocx({ pages: 3 }));
  writeFileSync(join(dir, 'second.docx'), makeDocx({ pages: 12 }));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.describe('desktop: a document the system opens with the app shows in its tool', () => {
  test('a docx from the command line opens in /doc/preview; one opened later while the page shows reaches it too', async ({
    page,
    baseURL,
  }) => {
    // As main does at start on Windows/Linux: the executable, a flag, then the file (relative to the working directory).
    const openedFiles = new OpenedFiles();
    const route = openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', '--no-sandbox', '季度报告.docx'], dir));
    expect(route).toBe('/doc/preview');
    const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, openedFiles });
    await page.goto(route!);

    const pages = page.getByTestId('doc-pages');
    await expect(pages.getByText(fixtureHeading(1))).toBeVisible();
    await expect(pages.getByText(FIXTURE_LAST_WORDS)).toBeAttached();
    await expect(page.getByTestId('doc-page-count')).toHaveText('3 页');
    expect(harness.calls.filter(({ channel }) => channel === 'files:take-opened')).toHaveLength(1);

    // 'second-instance' with another file while the page shows its tool: main queues it and tells the page.
    openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', join(dir, 'second.docx')], '/'));
    await harness.send('files:opened', { route: '/doc/preview' });
    await expect(page.getByTestId('doc-page-count')).toHaveText('12 页');
    await expect(pages.getByText(fixtureHeading(11))).toBeAttached();
    expect(openedFiles.next).toBeUndefined();
  });

  test('the page cannot take another tool’s files or name a path', async ({ page, baseURL }) => {
    const openedFiles = new OpenedFiles();
    openedFiles.add([join(dir, 'sheet.xlsx')]);
    await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, openedFiles });
    await page.goto('/doc/preview');
    await expect(page.evaluate(() => window.native!.openedFiles.take('/doc/preview'))).resolves.toEqual([]);
    const refused = await page.evaluate(() =>
      window.native!.openedFiles.take('/etc/passwd' as '/excel').then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    );
    expect(refused).not.toBe('resolved');
    expect(openedFiles.next).toBe('/excel');
  });
});
