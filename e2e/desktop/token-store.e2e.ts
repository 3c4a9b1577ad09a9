import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../privacy';
import type { APIRequestContext } from '@playwright/test';
import { createTestCipher } from '../../electron/testing/test-cipher';
import { E2E_ADMIN } from '../../playwright.config';
import { installNativeHarness } from './native-harness';

let TOKENS: { accessToken: string; refreshToken: string };

/**
 * Real tokens of the e2e server's admin: the app checks the stored session when it starts (and
 * clears tokens the server rejects), so the store must hold tokens that are actually valid.
 */
async function adminTokens(request: APIRequestContext) {
  const response = await request.post('/api/users/login', { data: { account: E2E_ADMIN.userName, password: E2E_ADMIN.password } });
  const { data } = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
  return { accessToken: data.accessToken, refreshToken: data.refreshToken };
}

test.beforeEach(async ({ request }) => {
  TOKENS = await adminTokens(request);
});

/** The calls this test made, without the app's own start-up reads of the store. */
const storeWrites = (calls: readonly { channel: string }[]) =>
  calls.map(({ channel }) => channel).filter((channel) => channel !== 'tokens:load');

test.describe('desktop token store (window.native.tokens → real main handlers → encrypted file)', () => {
  test('tokens saved from the page survive a reload, and the file holds ciphertext only', async ({ page, baseURL }) => {
    const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin });
    await page.goto('/');
    await expect(page.evaluate(() => window.native!.tokens.load())).resolves.toEqual({});

    await page.evaluate((tokens) => window.native!.tokens.save(tokens), TOKENS);
    const bytes = readFileSync(harness.tokenFile);
    expect(bytes.includes(Buffer.from(TOKENS.refreshToken))).toBe(false);
    expect(bytes.includes(Buffer.from(TOKENS.accessToken))).toBe(false);
    // It is these tokens, encrypted: the stand-in for the OS key opens it.
    expect(JSON.parse(await harness.cipher.decryptString(bytes))).toEqual(TOKENS);

    await page.reload();
    await expect(page.evaluate(() => window.native!.tokens.load())).resolves.toEqual(TOKENS);
    // The app read the session from the OS store at start and is logged in with it.
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(storeWrites(harness.calls)).toEqual(['tokens:save']);

    await page.evaluate(() => window.native!.tokens.clear());
    expect(existsSync(harness.tokenFile)).toBe(false);
    await expect(page.evaluate(() => window.native!.tokens.load())).resolves.toEqual({});
    expect(harness.tokenWarnings).toEqual([]);
  });

  test('main validates what the page sends', async ({ page, baseURL }) => {
    const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin });
    await page.goto('/');
    const message = await page.evaluate(() =>
      window.native!.tokens.save({ accessToken: '', refreshToken: 'r' }).then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    );
    expect(message).toContain('tokens:save: invalid arguments');
    expect(existsSync(harness.tokenFile)).toBe(false);
  });

  test('the next start reads them back; a file from another key means logged out', async ({ context, baseURL }) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'baibao-userdata-restart-'));
    try {
      const trustedOrigin = new URL(baseURL!).origin;
      const cipher = createTestCipher();

      const first = await context.newPage();
      await installNativeHarness(first, { trustedOrigin, userDataDir, cipher });
      await first.goto('/');
      await first.evaluate((tokens) => window.native!.tokens.save(tokens), TOKENS);
      await first.close();

      // Same userData and OS key: a new main process with a new store instance.
      const second = await context.newPage();
      await installNativeHarness(second, { trustedOrigin, userDataDir, cipher });
      await second.goto('/');
      await expect(second.evaluate(() => window.native!.tokens.load())).resolves.toEqual(TOKENS);
      await second.close();

      // userData copied to another machine (or a reset keyring): cannot decrypt → logged out, file removed.
      const third = await context.newPage();
      const harness = await installNativeHarness(third, { trustedOrigin, userDataDir, cipher: createTestCipher() });
      await third.goto('/');
      await expect(third.evaluate(() => window.native!.tokens.load())).resolves.toEqual({});
      expect(existsSync(harness.tokenFile)).toBe(false);
      expect(harness.tokenWarnings).toEqual([expect.stringContaining('cannot be decrypted')]);
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });

  test('without OS encryption the tokens last for this run only and nothing is written', async ({ page, baseURL }) => {
    const cipher = createTestCipher();
    cipher.available = false;
    const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin, cipher });
    await page.goto('/');
    await page.evaluate((tokens) => window.native!.tokens.save(tokens), TOKENS);
    expect(readdirSync(harness.userDataDir)).toEqual([]);
    // A renderer reload is not a restart: main still holds them.
    await page.reload();
    await expect(page.evaluate(() => window.native!.tokens.load())).resolves.toEqual(TOKENS);
    expect(harness.tokenWarnings).toEqual([expect.stringContaining('in memory only')]);
  });
});
