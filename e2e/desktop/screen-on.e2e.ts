import { expect, test } from '../privacy';
import type { PowerSaveBlockerLike } from '../../electron/main/ipc/capabilities/screen-awake';
import { installNativeHarness } from './native-harness';

/** Electron's powerSaveBlocker as main sees it: which blockers run. */
class FakeBlocker implements PowerSaveBlockerLike {
  readonly running = new Set<number>();
  private next = 1;
  start() {
    this.running.add(this.next);
    return this.next++;
  }
  stop(id: number) {
    this.running.delete(id);
  }
  isStarted(id: number) {
    return this.running.has(id);
  }
}

test('desktop /screen/on keeps the display awake through main, not a wake lock, until turned off', async ({ page, baseURL }) => {
  const blocker = new FakeBlocker();
  const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, powerSaveBlocker: blocker });
  await page.addInitScript(() => {
    // Any wake lock taken would be counted here: the desktop must not need one.
    Object.assign(window, { __wakeLocks: 0 });
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = (type) => {
      (window as unknown as { __wakeLocks: number }).__wakeLocks += 1;
      return request(type);
    };
  });
  await page.goto('/screen/on');

  await page.getByTestId('screen-on-toggle').click();
  await expect(page.getByTestId('screen-on-status')).toHaveText('屏幕将保持常亮（窗口在后台时也有效）');
  expect(blocker.running.size).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __wakeLocks: number }).__wakeLocks)).toBe(0);

  await page.getByTestId('screen-on-toggle').click();
  await expect(page.getByTestId('screen-on-status')).toHaveText('屏幕会照常变暗和锁屏');
  await expect.poll(() => blocker.running.size).toBe(0);
  expect(harness.calls.filter(({ channel }) => channel === 'screen:keep-awake').map(({ args }) => args)).toEqual([
    { on: true },
    { on: false },
  ]);
});
