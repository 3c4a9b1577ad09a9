import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { clickWhenSettled } from './antd-kit';
import { readHead, signInAsAdmin } from './shell-kit';
import type { HeadTags } from './shell-kit';

/** The head as the server renders it for an address: the same page with scripts off. */
async function serverHead(browser: Browser, baseURL: string | undefined, path: string): Promise<HeadTags> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await readHead(page);
  } finally {
    await context.close();
  }
}

/**
 * Clicks an entry of the header's user menu (its trigger exists only once the visitor is known to be
 * signed in). Opened with one click: clicking the trigger again while the menu is still opening
 * closes it, which is how the earlier retry loop lost the menu on a loaded machine.
 */
async function openUserMenuItem(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await clickWhenSettled(page.getByRole('menuitem', { name }));
}

/** Waits for the app to have written the head for the page it shows, then reads it. */
async function appHead(page: Page, title: string): Promise<HeadTags> {
  await expect(page).toHaveTitle(title);
  return readHead(page);
}

test.describe('head after in-app navigation', () => {
  test('a language switch gives the head the server would send for the new address', async ({ page, browser, baseURL }) => {
    await page.goto('/file/hasher');
    await page.getByTestId('language-switch').getByText('EN').click();
    const head = await appHead(page, 'File hasher - Baibao');
    expect(head.og['og:title']).toBe('File hasher - Baibao');
    expect(head.canonical).toBe(new URL('/en/file/hasher', baseURL).href);
    expect(head).toEqual(await serverHead(browser, baseURL, '/en/file/hasher'));
  });

  test('home keeps its full keyword list and links after coming back from a tool', async ({ page, browser, baseURL }) => {
    await page.goto('/file/hasher');
    await page.getByTestId('site-title').click();
    const head = await appHead(page, '百宝箱 - 免费、好用、不上传的在线工具箱');
    expect(head.keywords?.split(',')).toContain('文件哈希');
    expect(head).toEqual(await serverHead(browser, baseURL, '/'));
  });

  test('account and back-office pages are titled as the server titles them', async ({ page, context, request, browser, baseURL }) => {
    await signInAsAdmin(context, request, baseURL);
    await page.goto('/');
    await openUserMenuItem(page, '用户中心');
    await expect(page).toHaveURL(/\/user\/center\/profile$/, { timeout: 20_000 });
    const profile = await appHead(page, '个人资料 - 百宝箱');
    expect(profile.robots).toBe('noindex');
    expect(profile).toEqual(await serverHead(browser, baseURL, '/user/center/profile'));

    await page.goto('/');
    await openUserMenuItem(page, '管理后台');
    await expect(page).toHaveURL(/\/admin\/users$/, { timeout: 20_000 });
    const admin = await appHead(page, '用户管理 - 百宝箱');
    expect(admin).toEqual(await serverHead(browser, baseURL, '/admin/users'));
  });
});

test.describe('error page titles', () => {
  test('each error page has its own translated title, not home’s', async ({ page }) => {
    await page.goto('/error/403');
    await expect(page.getByTestId('error-status')).toHaveText('403');
    await expect(page).toHaveTitle('403 · 飞船出故障了 - 百宝箱');
    await page.goto('/error/500');
    await expect(page).toHaveTitle('500 · 飞船出故障了 - 百宝箱');
    await page.goto('/error/404');
    await expect(page).toHaveTitle('404 · 这里一片荒芜，什么也没有 - 百宝箱');
    await page.goto('/en/error/500');
    await expect(page).toHaveTitle('500 · The spaceship has broken down - Baibao');
    expect((await readHead(page)).robots).toBe('noindex');
  });

  test('in-app navigation to an error page retitles it, and leaving it titles the next page', async ({ page }) => {
    await page.goto('/file/hasher');
    await expect(page).toHaveTitle('文件哈希 - 百宝箱');
    await page.evaluate(() => {
      history.pushState({}, '', '/error/403');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('error-status')).toHaveText('403');
    await expect(page).toHaveTitle('403 · 飞船出故障了 - 百宝箱');
    await page.getByTestId('error-home').click();
    await expect(page).toHaveTitle('百宝箱 - 免费、好用、不上传的在线工具箱');
  });

  test.describe('after a tool’s code fails to load', () => {
    // The service worker would answer from its cache, around the failure staged here.
    test.use({ serviceWorkers: 'block' });

    test('the 500 page is titled as such, not as the page before it', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('百宝箱 - 免费、好用、不上传的在线工具箱');
      // A reload was "just tried": the chunk guard shows the error instead of reloading again.
      await page.evaluate(() => localStorage.setItem('baibao:chunk-reload-at', String(Date.now())));
      await page.route(/\/assets\/FileHasherPage-[^/]*\.js$/, (route) => route.abort());
      await page.getByTestId('tool-group').getByRole('link', { name: '文件哈希', exact: true }).click();
      await expect(page.getByTestId('error-status')).toHaveText('500');
      await expect(page).toHaveTitle('500 · 飞船出故障了 - 百宝箱');
    });
  });
});
