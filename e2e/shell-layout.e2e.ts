import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { horizontalOverflow, signInAsAdmin } from './shell-kit';

// Offline use needs the service worker, which the suite blocks elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Every header control ends inside the window: none pushed off the right edge. */
async function expectHeaderControlsOnScreen(page: Page, width: number, ids: readonly string[]) {
  for (const id of ids) {
    const box = await page.getByTestId('app-header').getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(width);
  }
}

test.describe('header on a phone', () => {
  for (const width of [375, 320]) {
    for (const path of ['/', '/en']) {
      test(`fits ${width} px online and offline at ${path}`, async ({ page, context }) => {
        await page.setViewportSize({ width, height: 740 });
        await page.goto(path);
        await expect(page.getByTestId('site-title')).toBeVisible();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        await context.setOffline(true);
        const indicator = page.getByTestId('offline-tag');
        await expect(indicator).toBeVisible();
        // Compact: an icon whose name says what the tag said.
        await expect(indicator).toHaveAccessibleName(
          path === '/en' ? 'You are offline. Local tools keep working.' : '网络已断开，本地工具仍可使用。',
        );
        expect((await indicator.boundingBox())?.width).toBeLessThanOrEqual(32);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await expectHeaderControlsOnScreen(page, width, ['search-trigger', 'language-switch', 'settings-button', 'login-link']);
        await context.setOffline(false);
      });
    }
  }

  test('fits 320 px offline with a member’s avatar, the title giving way', async ({ page, context, request, baseURL }) => {
    await signInAsAdmin(context, request, baseURL);
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('offline-tag')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectHeaderControlsOnScreen(page, 320, ['offline-tag', 'search-trigger', 'language-switch', 'settings-button', 'user-menu']);
    const title = page.getByTestId('site-title');
    expect(await title.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
    await context.setOffline(false);
  });
});

test.describe('account and back-office menus on a phone', () => {
  test('the account menu opens over the page and closes after a choice', async ({ page, context, request, baseURL }) => {
    await signInAsAdmin(context, request, baseURL);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/user/center/profile');
    await expect(page.getByTestId('profile-username')).toBeVisible();
    const main = page.getByRole('main');
    expect((await main.boundingBox())?.width).toBeGreaterThan(370);

    await page.getByTestId('user-admin-menu-button').click();
    const drawer = page.getByTestId('user-admin-drawer');
    const menu = page.getByRole('navigation', { name: '用户中心菜单' });
    await expect(menu).toBeVisible();
    // Over the page, not beside it: the page keeps its width.
    expect((await main.boundingBox())?.width).toBeGreaterThan(370);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await menu.getByRole('link', { name: '账号安全' }).click();
    await expect(page).toHaveURL(/\/user\/center\/security$/);
    await expect(drawer).toBeHidden();
    expect((await main.boundingBox())?.width).toBeGreaterThan(370);
  });

  test('the desktop’s expanded menu does not open on a phone, nor the phone’s drawer on a desktop', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAsAdmin(context, request, baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/user/center/profile');
    await expect(page.getByTestId('user-admin-sider')).toHaveAttribute('data-collapsed', 'false');

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('user-admin-sider')).toHaveCount(0);
    await expect(page.getByTestId('user-admin-drawer')).toHaveCount(0);
    expect((await page.getByRole('main').boundingBox())?.width).toBeGreaterThan(370);

    await page.getByTestId('user-admin-menu-button').click();
    await expect(page.getByRole('navigation', { name: '用户中心菜单' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('user-admin-drawer')).toBeHidden();
    await expect(page.getByTestId('user-admin-sider')).toBeVisible();
  });

  test('the back-office menu opens over the page and closes after a choice', async ({ page, context, request, baseURL }) => {
    await signInAsAdmin(context, request, baseURL);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin/users');
    const main = page.getByRole('main');
    await expect(main).toBeVisible();
    expect((await main.boundingBox())?.width).toBeGreaterThan(370);

    await page.getByTestId('admin-menu-toggle').click();
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu).toBeVisible();
    expect((await main.boundingBox())?.width).toBeGreaterThan(370);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await menu.getByRole('link', { name: '用户管理' }).click();
    await expect(page.getByTestId('admin-drawer')).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});

test.describe('page structure', () => {
  /** Heading levels in document order; a page starts at h1 and never skips a level going down. */
  async function headingLevels(page: Page): Promise<number[]> {
    return page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((headings) =>
        headings.filter((heading) => (heading as HTMLElement).offsetParent !== null).map((heading) => Number(heading.tagName[1])),
      );
  }

  function expectOutline(levels: number[]) {
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 1), `h${levels[index - 1]} → h${level}`).toBeLessThanOrEqual(1);
    });
  }

  test('home, a tool and the login page each have one h1, one main and an unbroken outline', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: '百宝箱' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '文本与文件' })).toBeVisible();
    expectOutline(await headingLevels(page));
    await expect(page.locator('main')).toHaveCount(1);

    await page.goto('/file/hasher');
    await expect(page.getByRole('heading', { level: 1, name: '文件哈希' })).toBeVisible();
    expectOutline(await headingLevels(page));

    await page.goto('/user/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('欢迎来到百宝箱');
    await expect(page.locator('main')).toHaveCount(1);
  });

  test("the footer's privacy promise changes on a tool whose purpose is uploading, and back when the visitor leaves it", async ({
    page,
  }) => {
    const privacy = page.getByTestId('app-footer-privacy');
    await page.goto('/file/hasher');
    await expect(privacy).toHaveText('所有文件都在你的设备上处理，不会上传。');
    await page.getByRole('navigation', { name: '菜单' }).getByRole('link', { name: '图床' }).click();
    await expect(privacy).toContainText('上传到你配置的图床');
    await page.goBack();
    await expect(privacy).toHaveText('所有文件都在你的设备上处理，不会上传。');
    await page.goto('/en/pic/hub');
    await expect(privacy).toContainText('uploads the pictures you choose');
  });

  test("a primary link button's text is drawn in the button's own colour, not the links' colour on its background", async ({ page }) => {
    await page.goto('/pic/hub?tab=feedback');
    const button = page.getByTestId('pic-hub-feedback').getByRole('link');
    await expect(button).toBeVisible();
    const { color, background } = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(color).not.toBe(background);
    expect(color).toBe('rgb(255, 255, 255)');
  });

  test('the side menu is a named navigation landmark', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '菜单' }).getByRole('link', { name: '文件哈希' })).toBeVisible();
  });

  test('the first Tab reaches a skip link that jumps past the menus', async ({ page }) => {
    await page.goto('/en/file/hasher');
    await expect(page.getByTestId('tool-title')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/en\/file\/hasher$/);
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => document.getElementById('main-content')?.contains(document.activeElement) ?? false);
    expect(inMain).toBe(true);
  });
});

test.describe('accessible names', () => {
  test('settings drawer controls are named in the page’s language', async ({ page }) => {
    for (const [path, names] of [
      ['/', { theme: '主题', language: '语言', switches: ['收起侧边菜单', '固定页脚', '显示悬浮菜单'] }],
      ['/en', { theme: 'Theme', language: 'Language', switches: ['Collapse side menu', 'Fixed footer', 'Show floating menu'] }],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('settings-button').click();
      const drawer = page.getByTestId('settings-drawer');
      await expect(drawer.getByRole('radiogroup', { name: names.theme, exact: true })).toBeVisible();
      await expect(drawer.getByRole('radiogroup', { name: names.language, exact: true })).toBeVisible();
      for (const name of names.switches) await expect(drawer.getByRole('switch', { name })).toBeVisible();
      await page.keyboard.press('Escape');
    }
  });

  test('the phone’s login button is one link named 登录', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const login = page.getByRole('link', { name: '登录', exact: true });
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('data-testid', 'login-link');
    await expect(page.getByTestId('login-link').locator('button')).toHaveCount(0);
    await login.click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2F&name=/);
  });

  test('a home card’s star is a sibling of the card’s link, not inside it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    expect(await page.locator('a button, a [role="button"], button a').count()).toBe(0);
    const card = page.locator('[data-testid="tool-group"] [data-tool-id="file-hasher"]');
    const star = card.getByRole('button', { name: '收藏「文件哈希」' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    // The rest of the card still opens the tool: a click low on the card, over the description.
    const box = await card.boundingBox();
    await card.click({ position: { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) - 12 } });
    await expect(page).toHaveURL(/\/file\/hasher$/);
  });
});
