import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { OpenedFiles, openedPathsFromArgv } from '../../electron/main/opened-files';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

/** A minimal .sketch: one page whose artboards carry the given names. */
function sketchWith(...names: string[]): Uint8Array {
  const layers = names.map((name, index) => ({
    _class: 'artboard',
    do_objectID: `A${index}`,
    name,
    frame: { _class: 'rect', x: index * 400, y: 0, width: 375, height: 667 },
    layers: [],
  }));
  return zipSync({
    'document.json': strToU8(JSON.stringify({ pages: [{ _ref: 'pages/P1' }] })),
    'pages/P1.json': strToU8(JSON.stringify({ _class: 'page', do_objectID: 'P1', name: '页面 1', layers })),
  });
}

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-sketch-opened-e2e-'));
  writeFileSync(join(dir, '设计稿.sketch'), sketchWith('登录页'));
  writeFileSync(join(dir, 'second.sketch'), sketchWith('首页', '我的'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('desktop: a .sketch from the command line opens in /sketch, and one opened later reaches the page too', async ({ page, baseURL }) => {
  const openedFiles = new OpenedFiles();
  const route = openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', '设计稿.sketch'], dir));
  expect(route).toBe('/sketch');
  const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, openedFiles });
  await page.goto(route!);
  await expect(page.getByTestId('sketch-artboard-name')).toHaveText(['登录页'], { timeout: 30_000 });
  await expect(page.getByText('设计稿.sketch', { exact: true })).toBeVisible();
  openedFiles.add(openedPathsFromArgv(['/opt/Baibao/baibao', join(dir, 'second.sketch')], '/'));
  await harness.send('files:opened', { route: '/sketch' });
  await expect(page.getByTestId('sketch-artboard-name')).toHaveText(['首页', '我的'], { timeout: 30_000 });
  expect(openedFiles.next).toBeUndefined();
});
