import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createTestCipher } from '../../electron/testing/test-cipher';
import { installNativeHarness } from './native-harness';

const TOKENS = { accessToken: 'eyJhbGciOiJFZERTQSJ9.e2e-access.sig', refreshToken: 'e2e-refresh-4c1d9b7a02f6' };

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
    expect(harness.calls.map(({ channel }) => channel)).toEqual(['tokens:load', 'tokens:save', 'tokens:load']);

    await page.evaluate(() => window.native!.tokens.clear());
    expect(existsSync(harness.tokenFile)).toBe(false);
    await expect(page.evaluate(() => window.native!.tokens.load())).resolves.toEqual({});
    expect(harness.tokenWarnings).toEqual([]);
  });

  test('main validates what the page sends', async ({ page, baseURL }) => {
    const harness = await installNativeHarness(page, { trustedOrigin: new URL(baseURL!).origin });
    await page.goto('/');
    const message = await page.evaluate(() =>
      window.native!.tokens.save({ accessToken: '', refreshToken: 'r' }).then(() => 'resolved', (error: Error) => error.message),
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
