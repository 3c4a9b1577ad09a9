import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

const FIXTURE_NAME = 'native-fixture.bin';
let dir: string;
let fixture: string;

/** The reference digests come from coreutils, not from code under test. */
const coreutils = (tool: 'md5sum' | 'sha256sum') => execFileSync(tool, [fixture], { encoding: 'utf8' }).split(' ')[0]!;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-desktop-e2e-'));
  fixture = join(dir, FIXTURE_NAME);
  // Several read chunks, so progress and the single-pass read are exercised.
  writeFileSync(fixture, randomBytes(5 * 1024 * 1024 + 17));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.describe('desktop bridge (real preload API and main-process handlers, Chromium for the window)', () => {
  test('window.native reaches the main-process handlers with validation', async ({ page, baseURL }) => {
    const harness = await installNativeHarness(page, { files: { [FIXTURE_NAME]: fixture }, trustedOrigin: new URL(baseURL!).origin });
    await page.goto('/');

    const info = await page.evaluate(() => window.native!.app.info());
    expect(info).toEqual({ version: '0.0.0-e2e', platform: process.platform, arch: process.arch });

    const direct = await page.evaluate(async (name) => {
      const progress: { loaded: number; total: number }[] = [];
      // Only the name matters: getPathForFile maps it to the fixture on disk, as Electron would for a dropped file.
      const file = new File(['not the content that gets hashed'], name);
      const digests = await window.native!.hash.hashFile(file, ['md5', 'sha256'], 'direct-job', (p) => progress.push(p));
      return { digests, progress };
    }, FIXTURE_NAME);
    expect(direct.digests).toEqual({ md5: coreutils('md5sum'), sha256: coreutils('sha256sum') });
    expect(direct.progress.length).toBeGreaterThan(0);
    expect(direct.progress.at(-1)).toEqual({ loaded: 5 * 1024 * 1024 + 17, total: 5 * 1024 * 1024 + 17 });

    const rejected = await page.evaluate(() =>
      window.native!.hash.cancel('').then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    );
    expect(rejected).toContain('hash:cancel: invalid arguments');

    const unknownFile = await page.evaluate(() =>
      window.native!.hash.hashFile(new File(['x'], 'not-on-disk.txt'), ['md5'], 'j2').then(
        () => 'resolved',
        (error: Error) => error.message,
      ),
    );
    expect(unknownFile).toContain('has no path on disk');

    // The app itself reads the token store when it starts (the session); the rest are this test's calls.
    const ours = harness.calls.filter(({ channel }) => !channel.startsWith('tokens:'));
    expect(ours.map(({ channel }) => channel)).toEqual(['app:info', 'hash:file', 'hash:cancel']);
    expect(ours[1]!.args).toEqual({ jobId: 'direct-job', path: fixture, algorithms: ['md5', 'sha256'] });

    // The native path read nothing in the page; and the probe the hasher test relies on does see page reads.
    expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });
    await page.evaluate(async () => {
      const file = new File(['abc'], 'probe.txt');
      await file.slice(0, 2).arrayBuffer();
      const worker = new Worker(URL.createObjectURL(new Blob([''], { type: 'text/javascript' })));
      worker.postMessage({ type: 'APPLY', argumentList: [{ type: 'RAW', value: file }] });
      worker.terminate();
    });
    expect(await harness.pageFileActivity()).toEqual({ fileReads: 1, filesPostedToWorkers: 1 });
  });

  test('the file hasher takes the native path', async ({ page, baseURL }) => {
    const harness = await installNativeHarness(page, { files: { [FIXTURE_NAME]: fixture }, trustedOrigin: new URL(baseURL!).origin });
    await page.goto('/file/hasher');
    await expect(page.getByTestId('hash-engine')).toHaveAttribute('data-engine', 'native');
    await expect(page.getByTestId('hash-engine')).toContainText('本机');

    await page.getByTestId('file-input').setInputFiles(fixture);
    const row = page.locator(`[data-testid="hash-result"][data-file-name="${FIXTURE_NAME}"]`);
    await expect(row.getByTestId('digest-sha256')).toHaveText(coreutils('sha256sum'));
    await expect(row.getByTestId('digest-md5')).toHaveText(coreutils('md5sum'));

    const hashCalls = harness.calls.filter(({ channel }) => channel === 'hash:file');
    expect(hashCalls.length).toBeGreaterThan(0);
    expect(hashCalls.every(({ args }) => (args as { path: string }).path === fixture)).toBe(true);
    expect(await harness.pageFileActivity()).toEqual({ fileReads: 0, filesPostedToWorkers: 0 });
  });
});
