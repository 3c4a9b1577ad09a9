import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePsd } from 'ag-psd';
import { OpenedFiles, openedPathsFromArgv } from '../../electron/main/opened-files';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

/** A small PSD whose layers carry the given names (bottom first, as Photoshop stores them). */
function psdWith(...names: string[]): Uint8Array {
  const imageData = { width: 8, height: 8, data: new Uint8ClampedArray(8 * 8 * 4).fill(180) };
  return new Uint8Array(writePsd({ width: 8, height: 8, children: names.map((name) => ({ name, imageData })) }));
}

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-psd-opened-e2e-'));
  writeFileSync(join(dir, '海报.psd'), psdWith('背景'));
  writeFileSync(join(dir, 'second.psd'), psdWith('底图', '标题'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('desktop: a PSD from the command line opens in /psd, and one opened later reaches the page too', async ({ page, baseURL }) => {
  const openedFiles = new OpenedFiles();
  const route = openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', '海报.psd'], dir));
  expect(route).toBe('/psd');
  const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, openedFiles });
  await page.goto(route!);
  await expect(page.getByTestId('psd-layer-name')).toHaveText(['背景'], { timeout: 30_000 });
  openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', join(dir, 'second.psd')], '/'));
  await harness.send('files:opened', { route: '/psd' });
  // The tree lists the top layer first.
  await expect(page.getByTestId('psd-layer-name')).toHaveText(['标题', '底图'], { timeout: 30_000 });
  expect(openedFiles.next).toBeUndefined();
});
