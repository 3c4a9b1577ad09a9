import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { chromiumArgs } from '../../../playwright.config';
import { expect, test } from '../../../e2e/privacy';
import { waitForOfflineReady } from '../../../e2e/pwa-kit';

// Chromium's fake microphone plays this file (looped): a 440 Hz tone from Debian's ffmpeg, so the
// level meter has a real signal. Made when the file loads: the browser is launched with its path.
const dir = mkdtempSync(join(tmpdir(), 'baibao-voice-'));
const tone = join(dir, 'tone.wav');
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=10', '-ac', '1', tone]);

test.use({
  // Its offline test needs the service worker, which the suite blocks elsewhere.
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${tone}`,
    ],
  },
  permissions: ['microphone'],
});

const bytesOf = async (download: Download) => readFileSync((await download.path())!);
const save = async (page: Page, testId: string) => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return download;
};
const meterScale = (page: Page) =>
  page.getByTestId('voice-meter').evaluate((element) => Number(/scaleX\(([\d.]+)\)/.exec(element.style.transform)?.[1] ?? 0));
const elapsed = (page: Page) => page.getByTestId('voice-elapsed').textContent();
const elapsedSeconds = async (page: Page) => {
  const [minutes, seconds] = ((await elapsed(page)) ?? '0:00').split(':').map(Number);
  return minutes! * 60 + seconds!;
};
// The clock shows whole seconds, and under load a poll can step over any one reading: the tests wait
// for at least N seconds, never for an exact reading, and check the pause against real time.

const savedAs = async (download: Download, name: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'baibao-voice-save-')), name);
  await download.saveAs(path);
  return path;
};
/** What ffprobe reads from a file: its container and length, by content. */
function probe(path: string): { format_name: string; duration: string } {
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', path], {
    encoding: 'utf8',
  });
  return (JSON.parse(json) as { format: { format_name: string; duration: string } }).format;
}

/** A WAV's length in seconds from its header: data bytes / (channels × 2 bytes × rate). */
function wavSeconds(file: Buffer): number {
  expect(file.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(file.subarray(8, 12).toString('ascii')).toBe('WAVE');
  const channels = file.readUInt16LE(22);
  const rate = file.readUInt32LE(24);
  expect(file.subarray(36, 40).toString('ascii')).toBe('data');
  return file.readUInt32LE(40) / (channels * 2 * rate);
}

test('records with pause and resume, plays, saves WebM, WAV and MP3, trims to half (Opus again), keeps the list over a reload, deletes', async ({
  page,
}) => {
  await page.goto('/voice/recorder');
  await expect(page).toHaveTitle('录音机 - 百宝箱');
  await expect(page.getByText('还没有录音')).toBeVisible();

  const started = Date.now();
  await page.getByTestId('voice-record').click();
  await expect(page.getByTestId('voice-state')).toHaveText('录音中');
  await expect.poll(() => meterScale(page)).toBeGreaterThan(0.2);
  await expect.poll(() => elapsedSeconds(page)).toBeGreaterThanOrEqual(1);

  await page.getByTestId('voice-pause').click();
  await expect(page.getByTestId('voice-state')).toHaveText('已暂停');
  const pausedFrom = Date.now();
  await expect.poll(() => meterScale(page)).toBe(0);
  const pausedAt = await elapsedSeconds(page);
  // Paused, the clock stands still: a second and a half of real time later it reads the same.
  await expect.poll(() => Date.now() - pausedFrom).toBeGreaterThan(1500);
  expect(await elapsedSeconds(page)).toBe(pausedAt);
  const resuming = Date.now();
  await page.getByTestId('voice-pause').click();
  await expect(page.getByTestId('voice-state')).toHaveText('录音中');
  await expect.poll(() => elapsedSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(pausedAt + 1);
  await page.getByTestId('voice-stop').click();
  const stopped = Date.now();

  const row = page.getByTestId('voice-row');
  // The take is listed from its start; its final length once stopped and stored.
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-state', 'done');
  const recorded = Number(await row.getAttribute('data-duration'));
  expect(recorded).toBeGreaterThanOrEqual(pausedAt + 1);
  // The pause is left out: the take is shorter than the time it took by at least the pause.
  expect(recorded).toBeLessThan((stopped - started - (resuming - pausedFrom)) / 1000 + 0.2);
  // The editor opens on the new recording; its decoded length is what was recorded, pause left out.
  const duration = page.getByTestId('voice-duration');
  await expect(duration).toBeVisible({ timeout: 15_000 });
  const decoded = Number(await duration.getAttribute('data-seconds'));
  expect(Math.abs(decoded - recorded)).toBeLessThan(0.6);

  await page.getByTestId('voice-play').click();
  await expect(page.getByTestId('voice-stop-playback')).toBeVisible();
  await page.getByTestId('voice-stop-playback').click();

  const webmDownload = await save(page, 'voice-download-original');
  // The name's date has no "/" or ":" (refused by Windows and macOS).
  expect(webmDownload.suggestedFilename()).toMatch(/^录音 [^/:]+\.webm$/);
  const webm = await bytesOf(webmDownload);
  expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  const whole = wavSeconds(await bytesOf(await save(page, 'voice-download-wav')));
  expect(Math.abs(whole - decoded)).toBeLessThan(0.01);
  const mp3Download = await save(page, 'voice-download-mp3');
  expect(mp3Download.suggestedFilename()).toMatch(/\.mp3$/);
  const mp3 = probe(await savedAs(mp3Download, 'take.mp3'));
  expect(mp3.format_name).toBe('mp3');
  expect(Math.abs(Number(mp3.duration) - decoded)).toBeLessThan(decoded * 0.1);

  await page.getByTestId('voice-trim-end').fill((decoded / 2).toFixed(2));
  await expect(page.getByTestId('voice-selection')).toContainText('选区 0:00.0');
  await page.getByTestId('voice-trim').click();
  await expect(row).toHaveCount(2);
  await expect(row.first().getByTestId('voice-row-name')).toHaveText(/（剪辑）$/);
  // The trimmed copy is selected: Opus in WebM again, whose length is the selection's.
  await expect(page.getByTestId('voice-editor')).toContainText('（剪辑）', { timeout: 15_000 });
  expect(Math.abs(Number(await duration.getAttribute('data-seconds')) - decoded / 2)).toBeLessThan(0.05);
  const trimmedWebm = await bytesOf(await save(page, 'voice-download-original'));
  expect([...trimmedWebm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  const half = wavSeconds(await bytesOf(await save(page, 'voice-download-wav')));
  expect(Math.abs(half - Number((decoded / 2).toFixed(2)))).toBeLessThan(0.05);

  await row.first().getByTestId('voice-rename').click();
  await page.getByTestId('voice-rename-input').fill('会议片段');
  await page.getByTestId('voice-rename-save').click();
  await expect(row.first().getByTestId('voice-row-name')).toHaveText('会议片段');

  await page.reload();
  await expect(row).toHaveCount(2);
  await expect(row.first().getByTestId('voice-row-name')).toHaveText('会议片段');
  await expect(page.getByTestId('voice-storage-used')).toContainText('共 2 条');

  await row.first().getByTestId('voice-delete').click();
  await row.first().getByTestId('voice-delete').click();
  await expect(row).toHaveCount(1);
  await expect(row.first().getByTestId('voice-row-name')).toHaveText(/^录音 /);
});

test('a take cut off by closing the page is recovered on the next visit', async ({ page }) => {
  await page.goto('/voice/recorder');
  await page.getByTestId('voice-record').click();
  await expect.poll(() => elapsedSeconds(page)).toBeGreaterThanOrEqual(2);
  // A reload mid-take, as a crash or a closed tab would: the stored chunks stay.
  await page.reload();
  await expect(page.getByTestId('voice-recovered')).toContainText('已恢复上次中断的录音');
  const row = page.getByTestId('voice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已恢复');
  expect(Number(await row.getAttribute('data-duration'))).toBeGreaterThanOrEqual(1);
  await row.getByRole('button', { name: /录音/ }).click();
  await expect(page.getByTestId('voice-duration')).toBeVisible({ timeout: 15_000 });
});

test('a take another tab is still recording is not taken for a cut-off one', async ({ context, page }) => {
  await page.goto('/voice/recorder');
  await page.getByTestId('voice-record').click();
  await expect.poll(() => elapsedSeconds(page)).toBeGreaterThanOrEqual(1);
  const other = await context.newPage();
  await other.goto('/voice/recorder');
  const row = other.getByTestId('voice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('录音中');
  await expect(other.getByTestId('voice-recovered')).toHaveCount(0);
  await page.getByTestId('voice-stop').click();
  await expect(page.getByTestId('voice-duration')).toBeVisible({ timeout: 15_000 });
  await other.reload();
  await expect(row).not.toContainText('录音中');
  await expect(row).not.toContainText('已恢复');
});

test('storage refusing a chunk mid-take stops it with a translated message, and the whole take still downloads', async ({ page }) => {
  await page.goto('/voice/recorder');
  await page.getByTestId('voice-record').click();
  await expect.poll(() => elapsedSeconds(page)).toBeGreaterThanOrEqual(2);
  // From now on IndexedDB refuses every chunk, as a full disk does.
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'chunk') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  const problem = page.getByTestId('voice-problem');
  await expect(problem).toContainText('本机存储空间不足，录音已停止', { timeout: 15_000 });
  await expect(problem).toContainText('请立即下载');
  await expect(page.getByTestId('voice-state')).toHaveText('');
  // Listed as long as what was stored; the download has that and the refused part.
  const row = page.getByTestId('voice-row');
  await expect(row).toHaveAttribute('data-state', 'done');
  const stored = Number(await row.getAttribute('data-duration'));
  expect(stored).toBeGreaterThanOrEqual(1);
  const whole = await savedAs(await save(page, 'voice-download-unsaved'), 'whole.webm');
  const wav = join(dirname(whole), 'whole.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-i', whole, wav]);
  expect(Number(probe(wav).duration)).toBeGreaterThan(stored + 0.5);
});

test('works offline after one visit: records, plays back and saves WAV and MP3 with the network off', async ({ context, page }) => {
  // The first visit precaches the whole site (about 14 MB, every tool's chunks and codecs).
  test.setTimeout(150_000);
  await page.goto('/');
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.goto('/voice/recorder');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByTestId('voice-record').click();
  await expect(page.getByTestId('voice-state')).toHaveText('录音中');
  await expect.poll(() => elapsedSeconds(page)).toBeGreaterThanOrEqual(1);
  await page.getByTestId('voice-stop').click();
  const duration = page.getByTestId('voice-duration');
  await expect(duration).toBeVisible({ timeout: 15_000 });
  const decoded = Number(await duration.getAttribute('data-seconds'));
  expect(Math.abs(wavSeconds(await bytesOf(await save(page, 'voice-download-wav'))) - decoded)).toBeLessThan(0.01);
  // The MP3 encoder (its chunk, its wasm and its nested worker) comes from the precache.
  const mp3 = probe(await savedAs(await save(page, 'voice-download-mp3'), 'offline.mp3'));
  expect(mp3.format_name).toBe('mp3');
  expect(Math.abs(Number(mp3.duration) - decoded)).toBeLessThan(decoded * 0.1);
});
