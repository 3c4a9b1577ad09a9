import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from './live-api-kit';
import { expect, test } from './privacy';
import { FAKE_MODELS, startFakeChatUpstream } from '../server/testing/fake-chat-upstream';

test('on a tool page it gives the tool’s tips, closes on Escape, and the settings turn it off for good', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/file/hasher');
  const character = page.getByTestId('assistant-character');
  await character.click();
  const panel = page.getByTestId('assistant-panel');
  await expect(panel).toBeVisible();
  const tips = page.getByTestId('assistant-tips');
  // The tool's own description, then the generic tips true for a local file tool.
  await expect(tips.locator('li').first()).toHaveText(/.+/);
  await expect(tips.locator('[data-tip="dropFiles"]')).toBeVisible();
  await expect(tips.locator('[data-tip="privacy"]')).toBeVisible();
  // The default e2e server has no chat configured: no chat box, a line says so.
  await expect(page.getByTestId('assistant-chat-off')).toBeVisible();
  await expect(page.getByTestId('assistant-chat-input')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(character).toBeFocused();

  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-assistant-visible').click();
  await expect(character).toHaveCount(0);
  await page.reload();
  // Still off after the reload, and only the setting keeps it away: turned on, it comes back.
  await page.getByTestId('settings-button').click();
  const setting = page.getByTestId('settings-assistant-visible');
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  await expect(character).toHaveCount(0);
  await setting.click();
  await expect(character).toBeVisible();
});

test('the character is dragged up the edge off what it covered, keeps its place over a reload, and moves with the arrow keys', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/file/hasher');
  const character = page.getByTestId('assistant-character');
  await expect(character).toBeVisible();
  const before = (await character.boundingBox())!;
  const centre = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x, centre.y - 100, { steps: 5 });
  await page.mouse.move(centre.x, centre.y - 200, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round(before.y - (await character.boundingBox())!.y)).toBe(200);
  // The press that ended the drag opened nothing.
  await expect(page.getByTestId('assistant-panel')).toHaveCount(0);

  await page.reload();
  await expect.poll(async () => Math.round(before.y - (await character.boundingBox())!.y)).toBe(200);
  await character.focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => Math.round(before.y - (await character.boundingBox())!.y)).toBe(160);
  // Never past the window's top, however far it is moved.
  for (let press = 0; press < 20; press += 1) await page.keyboard.press('ArrowUp');
  await expect.poll(async () => Math.round((await character.boundingBox())!.y)).toBe(8);
  // A click without a drag still opens the panel.
  await character.click();
  await expect(page.getByTestId('assistant-panel')).toBeVisible();
});

test('at 375 px the character stays hidden and the floating menu opens the assistant as a bottom sheet', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/en/file/hasher');
  const character = page.getByTestId('assistant-character');
  // Loaded (once the page is idle) but not shown.
  await expect(character).toBeAttached();
  await expect(character).toBeHidden();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByTestId('float-assistant').click();
  const panel = page.getByTestId('assistant-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Assistant' })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width).toBe(375);
  expect(Math.round(box!.y + box!.height)).toBe(740);
  await page.getByTestId('assistant-close').click();
  await expect(panel).toBeHidden();
});

const DRIP_ANSWER = '一滴一滴慢慢地流出来的回答，共二十个片段，每段都要等一会儿才到达。';

test('with chat configured, a question streams its answer into the mini chat', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'baibao-assistant-e2e-'));
  const upstream = await startFakeChatUpstream();
  const api = await startApi(dir, {
    CHAT_API_BASE: upstream.base,
    CHAT_API_KEY: upstream.key,
    CHAT_MODELS: [FAKE_MODELS.drip, FAKE_MODELS.recorded].join(','),
    CHAT_DAILY_ANONYMOUS: '0',
  });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${api.url}/file/hasher`);
    await page.getByTestId('assistant-character').click();
    await page.getByTestId('assistant-chat-input').fill('这个工具能做什么？');
    await page.getByTestId('assistant-chat-send').click();
    // The drip model sends its answer in 20 deltas, 40 ms apart.
    await expect(page.getByTestId('assistant-chat-assistant')).toHaveText(DRIP_ANSWER, { timeout: 15_000 });
    await expect(page.getByTestId('assistant-chat-send')).toBeVisible();
    const sent = upstream.requests.at(-1)!.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe(FAKE_MODELS.drip);
    // The page's tool is in the system prompt, the question last.
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('文件哈希');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '这个工具能做什么？' });
  } finally {
    api.child.kill('SIGTERM');
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
