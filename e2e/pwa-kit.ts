import type { Page } from '@playwright/test';

/**
 * Resolves once the service worker is active — it activates only after precaching every file — and
 * controls the page, so from then on the site works with the network off.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}
