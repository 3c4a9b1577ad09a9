import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { bestOf, bestRun, measureBusiestTask } from './long-tasks';
import type { TaskMeasurement } from './long-tasks';
import { startApi } from './live-api-kit';
import { expect, test } from './privacy';
import { FAKE_MODELS, RECORDED_ANSWER, longMarkdown, startFakeChatUpstream } from '../server/testing/fake-chat-upstream';
import type { FakeChatUpstream } from '../server/testing/fake-chat-upstream';

// One API server for the file (no test needs another's absence): its upstream is the fake one.
let dir: string;
let upstream: FakeChatUpstream;
let api: { url: string; child: ChildProcess };

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-chat-e2e-'));
  upstream = await startFakeChatUpstream();
  api = await startApi(dir, {
    CHAT_API_BASE: upstream.base,
    CHAT_API_KEY: upstream.key,
    CHAT_MODELS: [FAKE_MODELS.recorded, FAKE_MODELS.long, FAKE_MODELS.hang, FAKE_MODELS.endless].join(','),
    CHAT_DAILY_ANONYMOUS: '0',
    CHAT_FIRST_BYTE_TIMEOUT: '2',
  });
});

test.afterAll(async () => {
  api?.child.kill('SIGTERM');
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ask(page: Page, model: string, text: string) {
  await page.getByTestId('chat-model').selectOption(model);
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

// The fake upstream sends 5,000 tokens in about a second, far faster than a model: the page draws
// them over more frames, within a budget per frame (docs/chat.md).
test(
  'a 5,000-token answer renders progressively with no main-thread task over 50 ms',
  { tag: '@main-thread' },
  async ({ page, browser }) => {
    test.setTimeout(180_000);
    const headings = longMarkdown(5000).match(/^## /gm)!.length;
    const runs = await bestOf<TaskMeasurement & { updates: number }>(
      3,
      (run) => run.cpu <= 50,
      async () => {
        await page.goto(`${api.url}/chatgpt`);
        await page.getByTestId('chat-new').click();
        // Counts the conversation's changes until the answer is drawn whole: progressive, not all at
        // the end (drawing goes on after a stream this fast has ended).
        await page.evaluate(() => {
          const counts = { updates: 0 };
          Object.assign(window, { __chatUpdates: counts });
          new MutationObserver(() => {
            counts.updates += 1;
          }).observe(document.querySelector('[data-testid="chat-messages"]')!, { childList: true, subtree: true, characterData: true });
        });
        const measured = await measureBusiestTask(page, browser, async () => {
          await ask(page, FAKE_MODELS.long, '写一篇长文');
          // Until the answer has ended and is drawn whole. Polled in the page (one native query per
          // frame): a locator's search over the answer's 20,000 elements is Playwright's own task
          // of 100+ ms, inside the trace.
          await page.waitForFunction(
            (count) =>
              document.querySelector('[data-testid="chat-regenerate"]') !== null &&
              [...document.querySelectorAll('[data-testid="chat-assistant"]')].at(-1)?.querySelectorAll('h2').length === count,
            headings,
            { timeout: 120_000 },
          );
        });
        const updates = await page.evaluate(() => (window as unknown as { __chatUpdates: { updates: number } }).__chatUpdates.updates);
        return { ...measured, updates };
      },
    );
    const { cpu, description } = bestRun(runs);
    expect(cpu, description).toBeLessThanOrEqual(50);
    expect(runs.at(-1)!.updates).toBeGreaterThan(20);
    const answer = page.getByTestId('chat-assistant').last();
    await expect(answer.locator('.katex').first()).toBeVisible();
    await expect(answer.locator('pre code').first()).toBeVisible();
    await expect(answer.locator('h2')).toHaveCount(headings);
  },
);

test('stop, regenerate, edit and resend, export as Markdown; nothing leaves the answer as HTML', async ({ page }) => {
  await page.goto(`${api.url}/chatgpt`);
  await ask(page, FAKE_MODELS.endless, '<img src=x onerror="window.__pwned=1">一直说');
  await expect(page.getByTestId('chat-assistant').last()).toContainText('3 ');
  await page.getByTestId('chat-stop').click();
  await expect(page.getByText('已停止')).toBeVisible();
  // The upstream heard the stop: its request ended.
  await upstream.requests.at(-1)!.closed;

  await page.getByTestId('chat-model').selectOption(FAKE_MODELS.recorded);
  await page.getByTestId('chat-regenerate').click();
  await expect(page.getByTestId('chat-assistant').last().locator('strong')).toHaveText('bold');
  await expect(page.getByTestId('chat-assistant')).toHaveCount(1);
  await expect(page.getByTestId('chat-user').first()).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await page.getByTestId('chat-edit').click();
  await page.getByTestId('chat-user').locator('textarea').fill('改过的问题');
  await page.getByTestId('chat-edit-send').click();
  await expect(page.getByTestId('chat-user')).toHaveText(/改过的问题/);
  await expect(page.getByTestId('chat-regenerate')).toBeVisible();
  expect(upstream.requests.at(-1)!.body.messages).toEqual([{ role: 'user', content: '改过的问题' }]);

  const download = page.waitForEvent('download');
  await page.getByTestId('chat-export').click();
  const file = await (await download).path();
  const markdown = readFileSync(file, 'utf8');
  expect(markdown).toContain('### 我\n\n改过的问题');
  expect(markdown).toContain(RECORDED_ANSWER.trim());

  // Kept in this browser: a reload shows the conversation again.
  await page.reload();
  await expect(page.getByTestId('chat-user')).toHaveText(/改过的问题/);
});

test('a message over the size cap and an upstream that hangs each get a translated message', async ({ page }) => {
  await page.goto(`${api.url}/en/chatgpt`);
  await page.getByTestId('chat-new').click();
  const calls = upstream.requests.length;
  await page.getByTestId('chat-input').fill('长'.repeat(20_000));
  await page.getByTestId('chat-send').click();
  await expect(page.getByText('This message is too long (about 48 KB at most)')).toBeVisible();
  expect(upstream.requests.length).toBe(calls);

  await ask(page, FAKE_MODELS.hang, 'hello?');
  await expect(page.getByTestId('chat-error')).toContainText('The model service did not start answering within 2 seconds', {
    timeout: 15_000,
  });
});
