import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import type { NativeApi } from '@shared/contracts/native';
import type { IpcSender } from '../../electron/main/ipc/handle';
import { createTokenStore } from '../../electron/main/adapters/token-store';
import { createSecretFiles, secretFile } from '../../electron/main/adapters/secrets';
import { registerIpc } from '../../electron/main/ipc/register';
import type { ArchiveDialogs } from '../../electron/main/ipc/capabilities/archive';
import type { PdfDependencies } from '../../electron/main/ipc/capabilities/pdf';
import type { PowerSaveBlockerLike } from '../../electron/main/ipc/capabilities/screen-awake';
import type { HlsDependencies } from '../../electron/main/ipc/capabilities/hls';
import type { OpenedFiles } from '../../electron/main/opened-files';
import { FakeIpcMain } from '../../electron/testing/fake-ipc';
import { createTestCipher } from '../../electron/testing/test-cipher';
import type { TestCipher } from '../../electron/testing/test-cipher';

/**
 * Desktop mode without the Electron binary: the real built renderer runs in Chromium, and
 * `window.native` is the real preload API (electron/preload/api.ts, bundled for the page) whose
 * `invoke` reaches the real main-process handlers (electron/main/ipc/register.ts) in the test
 * process, with the same zod validation and sender-frame check. Only four Electron pieces are
 * emulated: ipcMain (a FakeIpcMain), the WebContents events go back through (page.evaluate, in
 * order, before the invoke answer), `webUtils.getPathForFile` (a file's name maps to the fixture
 * path the test created) and `safeStorage` (an AES-256-GCM cipher with a random key, so the token
 * and secrets files on disk really are ciphertext). userData is a temp folder.
 */

export interface HarnessOptions {
  /** File name → path on disk, standing in for `webUtils.getPathForFile`. */
  files?: Record<string, string>;
  /** The origin the page is served from; frames elsewhere are refused like foreign frames in the app. */
  trustedOrigin: string;
  apiUrl?: string;
  version?: string;
  /**
   * The app's userData folder (tokens.bin lives there). Default: a fresh temp folder removed when
   * the page closes. Pass the same folder and `cipher` to a second page to play "the next start".
   */
  userDataDir?: string;
  /** Stands in for safeStorage; default: a new test cipher. Set `available = false` for Linux without a keyring. */
  cipher?: TestCipher;
  /** Stand in for the save and folder dialogs main shows for archives (answer with temp paths). */
  archiveDialogs?: ArchiveDialogs;
  /** Files "the system opened with the app" (main's queue, which index.ts fills from argv and open-file). */
  openedFiles?: OpenedFiles;
  /** The save dialog and hidden window for PDFs (a second Chromium page printing with page.pdf stands in for printToPDF). */
  pdf?: PdfDependencies;
  /** Stands in for Electron's powerSaveBlocker (the display kept awake). */
  powerSaveBlocker?: PowerSaveBlockerLike;
  /** The save dialog for ffmpeg's MP4 (/m3u8/downloader); main's own fetch and the system's ffmpeg are real. */
  hls?: HlsDependencies;
}

export interface IpcCall {
  channel: string;
  args: unknown;
  frameUrl: string;
}

export interface PageFileActivity {
  /** slice/arrayBuffer/stream/text/bytes calls on File objects in the page. */
  fileReads: number;
  /** Messages to Web Workers that carried a File (how the browser engine hands files to its pool). */
  filesPostedToWorkers: number;
}

export interface NativeHarness {
  /** Calls that reached the main-process handlers, in order. */
  readonly calls: readonly IpcCall[];
  /** Whether the page itself touched file contents, i.e. whether browser hashing ran. */
  pageFileActivity(): Promise<PageFileActivity>;
  readonly userDataDir: string;
  /** `<userDataDir>/tokens.bin`, where main keeps the encrypted tokens. */
  readonly tokenFile: string;
  /** `<userDataDir>/webdav-passwords.bin`, where main keeps the WebDAV passwords, encrypted. */
  readonly webdavPasswordFile: string;
  readonly cipher: TestCipher;
  /** What the token store logged (unusable file, no encryption), in order. */
  readonly tokenWarnings: readonly string[];
  /** What the secrets store (WebDAV passwords, PicHub tokens) logged, in order. */
  readonly secretWarnings: readonly string[];
  /** Pushes an event from main to the page, as `webContents.send` does. */
  send(channel: string, payload: unknown): Promise<unknown>;
}

const PRELOAD_API = fileURLToPath(new URL('../../electron/preload/api.ts', import.meta.url));

async function bundlePreloadApi(): Promise<string> {
  const result = await build({
    entryPoints: [PRELOAD_API],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__baibaoPreloadApi',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the preload API');
  return output.text;
}

/** Delivers main → renderer events into the page in send order, like one IPC pipe would. */
class PageSender extends EventEmitter implements IpcSender {
  readonly id = 1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly page: Page) {
    super();
    page.once('close', () => this.emit('destroyed'));
  }

  send(channel: string, payload: unknown): void {
    this.queue = this.queue.then(() =>
      this.page.evaluate(([name, data]) => window.__baibaoHarness?.emit(name, data), [channel, payload] as const).catch(() => undefined),
    );
  }

  isDestroyed(): boolean {
    return this.page.isClosed();
  }

  /** Resolves once every event sent so far has reached the page. */
  drained(): Promise<unknown> {
    return this.queue;
  }
}

interface HarnessPageSide {
  emit(event: string, payload: unknown): void;
  activity(): PageFileActivity;
}

declare global {
  interface Window {
    /** Same declaration as renderer/platform/index.ts, which this program does not include. */
    readonly native?: NativeApi;
    __baibaoHarness?: HarnessPageSide;
    __baibaoInvoke?: (channel: string, args: unknown) => Promise<unknown>;
  }
}

/** Page side, serialised into the init script; runs before any app code. */
function pageSide(files: Record<string, string>, apiUrl: string, createNativeApi: (deps: unknown) => unknown): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const activity = { fileReads: 0, filesPostedToWorkers: 0 };

  for (const method of ['slice', 'arrayBuffer', 'stream', 'text', 'bytes'] as const) {
    const original = Blob.prototype[method] as ((...args: unknown[]) => unknown) | undefined;
    if (!original) continue;
    Object.defineProperty(Blob.prototype, method, {
      configurable: true,
      writable: true,
      value(this: Blob, ...args: unknown[]) {
        if (this instanceof File) activity.fileReads++;
        return original.apply(this, args);
      },
    });
  }
  const carriesFile = (value: unknown, depth: number): boolean => {
    if (value instanceof File) return true;
    if (depth === 0 || value === null || typeof value !== 'object') return false;
    return Object.values(value).some((inner) => carriesFile(inner, depth - 1));
  };
  const postMessage = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
  Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
    if (carriesFile(args[0], 6)) activity.filesPostedToWorkers++;
    return postMessage.apply(this, args);
  };

  window.__baibaoHarness = {
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
    activity: () => ({ ...activity }),
  };
  const api = createNativeApi({
    invoke: (channel: string, args: unknown) => window.__baibaoInvoke!(channel, args),
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    getPathForFile: (file: File) => files[file.name] ?? '',
    apiUrl,
  });
  // contextBridge exposes a frozen, non-writable property; mirror that.
  Object.defineProperty(window, 'native', { value: Object.freeze(api), enumerable: true });
}

/** Call before the first `page.goto`. */
export async function installNativeHarness(page: Page, options: HarnessOptions): Promise<NativeHarness> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'baibao-userdata-'));
  if (!options.userDataDir) page.once('close', () => rmSync(userDataDir, { recursive: true, force: true }));
  const tokenFile = join(userDataDir, 'tokens.bin');
  const cipher = options.cipher ?? createTestCipher();
  const tokenWarnings: string[] = [];
  const webdavPasswordFile = secretFile(userDataDir, 'webdav');
  const secretWarnings: string[] = [];

  const ipc = new FakeIpcMain();
  registerIpc(ipc, {
    version: options.version ?? '0.0.0-e2e',
    isTrustedSender: (frameUrl) => URL.canParse(frameUrl) && new URL(frameUrl).origin === options.trustedOrigin,
    tokens: createTokenStore({ file: tokenFile, cipher, warn: (message) => tokenWarnings.push(message) }),
    archive: options.archiveDialogs ? { dialogs: options.archiveDialogs } : undefined,
    openedFiles: options.openedFiles ? { files: options.openedFiles, warn: (message) => console.warn(`[open] ${message}`) } : undefined,
    // As main builds it (electron/main/ipc/install.ts): the token store's cipher, files in userData.
    secrets: createSecretFiles({ dir: userDataDir, cipher, warn: (message) => secretWarnings.push(message) }),
    pdf: options.pdf,
    powerSaveBlocker: options.powerSaveBlocker,
    hls: options.hls,
  });
  const sender = new PageSender(page);
  const calls: IpcCall[] = [];

  await page.exposeBinding('__baibaoInvoke', async (source, channel: string, args: unknown) => {
    const frameUrl = source.frame.url();
    calls.push({ channel, args, frameUrl });
    try {
      // Electron's IPC structured-clones the answer (a Node Buffer arrives as a Uint8Array);
      // Playwright would hand a Buffer to the page as a plain object of numbers.
      return structuredClone(await ipc.invoke(channel, frameUrl, sender, args));
    } finally {
      await sender.drained();
    }
  });

  const preload = await bundlePreloadApi();
  await page.addInitScript(
    `${preload}\n(${pageSide.toString()})(${JSON.stringify(options.files ?? {})}, ${JSON.stringify(options.apiUrl ?? options.trustedOrigin)}, __baibaoPreloadApi.createNativeApi);`,
  );

  return {
    calls,
    pageFileActivity: () => page.evaluate(() => window.__baibaoHarness!.activity()),
    userDataDir,
    tokenFile,
    webdavPasswordFile,
    cipher,
    tokenWarnings,
    secretWarnings,
    send: (channel, payload) => {
      sender.send(channel, payload);
      return sender.drained();
    },
  };
}
