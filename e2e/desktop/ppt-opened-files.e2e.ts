import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenedFiles, openedPathsFromArgv } from '../../electron/main/opened-files';
import { makeDeck } from '../../renderer/tools/ppt-preview/deck-fixture';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-ppt-opened-e2e-'));
  writeFileSync(join(dir, '年终总结.pptx'), await makeDeck(2));
  writeFileSync(join(dir, 'second.pptx'), await makeDeck(5));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('desktop: a pptx from the command line opens in /ppt/preview, and one opened later reaches the page too', async ({
  page,
  baseURL,
}) => {
  const openedFiles = new OpenedFiles();
  const route = openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', '年终总结.pptx'], dir));
  expect(route).toBe('/ppt/preview');
  const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, openedFiles });
  await page.goto(route!);
  await expect(page.getByTestId('ppt-position')).toHaveText('第 1 / 2 张', { timeout: 30_000 });
  await expect(page.getByTestId('ppt-name')).toHaveText('年终总结.pptx');
  openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', join(dir, 'second.pptx')], '/'));
  await harness.send('files:opened', { route: '/ppt/preview' });
  await expect(page.getByTestId('ppt-position')).toHaveText('第 1 / 5 张', { timeout: 30_000 });
  expect(openedFiles.next).toBeUndefined();
});
