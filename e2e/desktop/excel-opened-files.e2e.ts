import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { OpenedFiles, openedPathsFromArgv } from '../../electron/main/opened-files';
import { styledWorkbook } from '../../renderer/tools/excel/fixtures.test-helper';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-excel-opened-e2e-'));
  writeFileSync(join(dir, '季度报表.xlsx'), await styledWorkbook());
  writeFileSync(join(dir, 'cities.csv'), iconv.encode('城市,人口\r\n北京,2189\r\n', 'gbk'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('desktop: an xlsx from the command line opens in /excel, and a csv opened later reaches the page too', async ({ page, baseURL }) => {
  const openedFiles = new OpenedFiles();
  const route = openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', '季度报表.xlsx'], dir));
  expect(route).toBe('/excel');
  const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, openedFiles });
  await page.goto(route!);
  await expect(page.getByTestId('excel-file-name')).toHaveText('季度报表.xlsx', { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: '销售' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: '季度销售报表' })).toBeVisible();
  openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', join(dir, 'cities.csv')], '/'));
  await harness.send('files:opened', { route: '/excel' });
  await expect(page.getByTestId('excel-file-name')).toHaveText('cities.csv', { timeout: 30_000 });
  await expect(page.getByRole('gridcell', { name: '北京' })).toBeVisible();
  expect(openedFiles.next).toBeUndefined();
});
