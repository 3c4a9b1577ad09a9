import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';

/**
 * Waits until the antd popup or dialog holding `target` has finished opening.
 *
 * antd's popups (Dropdown, Select, Modal) open through rc-motion: first a still frame at opacity 0
 * ("-enter"/"-appear" with the animation paused), then the animation. On a loaded machine that still
 * frame lasts long enough for Playwright to find the element visible (opacity 0 counts) and stable,
 * and to press on it; the animation then moves it (Modal zooms from the last click, Dropdown and
 * Select slide) and the release lands elsewhere, so the click is lost without an error. Three CI
 * runs failed that way (a zoom option, the user menu, an overwrite confirm). A person cannot click
 * what is not yet painted, so this is the test waiting for what a person sees, not a product race.
 * A screenshot of a dialog taken while it still zooms in is as wrong (a QR code too small to read).
 */
export async function waitSettled(target: Locator, { timeout = 20_000 }: { timeout?: number } = {}): Promise<void> {
  // The first opening also loads the popup's styles: generous on a loaded machine.
  await expect(target).toBeVisible({ timeout });
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          for (let node: Element | null = element; node; node = node.parentElement) {
            const classes = typeof node.className === 'string' ? node.className : '';
            if (/(^|\s)[\w-]+-(enter|appear|leave)(\s|$)/.test(classes)) return false;
            if (getComputedStyle(node).opacity !== '1') return false;
            const moving = (animation: Animation) =>
              animation.playState !== 'finished' && animation.effect?.getTiming().iterations !== Infinity;
            if (node.getAnimations().some(moving)) return false;
          }
          return true;
        }),
      { message: 'the popup holding the element finished opening', timeout },
    )
    .toBe(true);
}

/** Clicks `target` once the popup or dialog holding it has finished opening (waitSettled). */
export async function clickWhenSettled(target: Locator, { timeout = 20_000 }: { timeout?: number } = {}): Promise<void> {
  await waitSettled(target, { timeout });
  await target.click();
}
