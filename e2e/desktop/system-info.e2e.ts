import os from 'node:os';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

test('desktop /system/info adds the OS version, CPU model, memory and disks read by main', async ({ page, baseURL }) => {
  const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/system/info');

  const desktop = page.getByTestId('system-info-desktop');
  await expect(desktop.locator('[data-field="osRelease"] dd')).toHaveText(os.release());
  await expect(desktop.locator('[data-field="cpuModel"] dd')).toHaveText(os.cpus()[0]?.model.trim() || '此浏览器不提供');
  await expect(desktop.locator('[data-field="cpuCount"] dd')).toHaveText(String(os.availableParallelism()));
  await expect(desktop.locator('[data-field="disks"] dd')).toContainText('/：可用');
  expect(harness.calls.filter(({ channel }) => channel === 'system:info')).toHaveLength(1);

  await page.getByTestId('system-info-copy-json').click();
  await expect(page.getByText('复制成功').last()).toBeVisible();
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    desktop: { totalMemory: number; platform: string; disks: { path: string }[] };
  };
  expect(json.desktop.totalMemory).toBe(os.totalmem());
  expect(json.desktop.platform).toBe(process.platform);
  expect(json.desktop.disks[0]?.path).toBe('/');
});
