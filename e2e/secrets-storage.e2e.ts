import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { createBrowserSecrets as CreateBrowserSecrets } from '../renderer/platform/secrets/browser';
import type { picHubStorage as PicHubStorage } from '../renderer/platform/storage/pic-hub';

type WithModules = { createBrowserSecrets: typeof CreateBrowserSecrets; picHubStorage: typeof PicHubStorage };

/**
 * `platform.secrets` (website) and PicHub's database in real Chromium: bundled as they ship and run
 * in a page of the real site, so the upgrade of the secrets database and WebCrypto's
 * non-extractable key behave here as Vitest proves them on fake-indexeddb.
 */
async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        "import { createBrowserSecrets } from './renderer/platform/secrets/browser';",
        "import { picHubStorage } from './renderer/platform/storage/pic-hub';",
        'Object.assign(window, { createBrowserSecrets, picHubStorage });',
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return result.outputFiles[0]!.text;
}

async function load(page: Page, script: string): Promise<void> {
  // Served from the site's own origin: its CSP allows no inline script.
  await page.route('**/__e2e/secrets.js', (route) => route.fulfill({ body: script, contentType: 'text/javascript' }));
  await page.addScriptTag({ url: '/__e2e/secrets.js' });
}

test('the WebDAV passwords of the version-1 store are read after the upgrade, and a PicHub token outlives a reload as ciphertext', async ({
  page,
}) => {
  const script = await bundle();
  await page.goto('/');
  // What the shipped WebDAV password store (issue 15) left in a user's browser.
  await page.evaluate(async () => {
    const open = indexedDB.open('WebdavSecret', 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('key', { keyPath: 'id' });
      open.result.createObjectStore('password', { keyPath: 'id' });
    };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode('坚果云-应用密码'));
    const transaction = db.transaction(['key', 'password'], 'readwrite');
    transaction.objectStore('key').put({ id: 'aes', key });
    transaction.objectStore('password').put({ id: 'entry-1', iv, data });
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
    });
    db.close();
  });

  await load(page, script);
  const first = await page.evaluate(async () => {
    const secrets = (window as unknown as WithModules).createBrowserSecrets();
    const webdav = await secrets.store('webdav').get('entry-1');
    await secrets.store('pic-hub').save('hub-1', 'ghp_e2eTokenValue');
    return { webdav, durable: await secrets.store('pic-hub').durable() };
  });
  expect(first).toEqual({ webdav: '坚果云-应用密码', durable: true });

  await page.reload();
  await load(page, script);
  const after = await page.evaluate(async () => {
    const secrets = (window as unknown as WithModules).createBrowserSecrets();
    const token = await secrets.store('pic-hub').get('hub-1');
    const webdav = await secrets.store('webdav').get('entry-1');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('WebdavSecret');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const stores = [...db.objectStoreNames].sort();
    const records = await new Promise<{ id: string; data: ArrayBuffer }[]>((resolve) => {
      const request = db.transaction('secret').objectStore('secret').getAll();
      request.onsuccess = () => resolve(request.result as { id: string; data: ArrayBuffer }[]);
    });
    const keyRecord = await new Promise<{ key: CryptoKey }>((resolve) => {
      const request = db.transaction('key').objectStore('key').get('aes');
      request.onsuccess = () => resolve(request.result as { key: CryptoKey });
    });
    db.close();
    return {
      token,
      webdav,
      version: db.version,
      stores,
      ids: records.map((record) => record.id).sort(),
      plainInStore: records.some((record) => new TextDecoder().decode(record.data).includes('ghp_')),
      extractable: keyRecord.key.extractable,
    };
  });
  expect(after).toEqual({
    token: 'ghp_e2eTokenValue',
    webdav: '坚果云-应用密码',
    version: 2,
    stores: ['key', 'secret'],
    ids: ['pic-hub:hub-1', 'webdav:entry-1'],
    plainInStore: false,
    extractable: false,
  });
});

test('PicHub’s database keeps hubs without tokens and pictures with thumbnails across a reload, newest first', async ({ page }) => {
  const script = await bundle();
  await page.goto('/');
  await load(page, script);
  await page.evaluate(async () => {
    const { picHubStorage } = window as unknown as WithModules;
    const config = { id: 'h1', owner: 'me', repo: 'pics', branch: 'main', path: 'img', token: 'ghp_never', updateTime: 1 };
    await picHubStorage.hubs.put({
      gid: 'h1',
      type: 'GITHUB',
      config: JSON.stringify(config),
      storage: 'LOCAL',
      isSysDefault: false,
      isDefault: true,
      updateTime: 1,
      createTime: 1,
    });
    const file = (gid: string, createTime: string) => ({
      gid,
      originalName: `${gid}.png`,
      originalSize: 10,
      name: `${gid}.webp`,
      path: `img/${gid}.webp`,
      size: 5,
      hubId: 'h1',
      type: 'GITHUB' as const,
      mediaType: 'image/webp',
      storage: 'LOCAL' as const,
      createTime,
      config: '{}',
      sha: gid,
    });
    await picHubStorage.files.put([
      { ...file('older', '2026-11-27 10:00:00'), thumbnail: new Blob([new Uint8Array(4000).fill(9)], { type: 'image/webp' }) },
      file('newer', '2026-11-27 11:00:00'),
    ]);
  });

  await page.reload();
  await load(page, script);
  const read = await page.evaluate(async () => {
    const { picHubStorage } = window as unknown as WithModules;
    const thumbnail = await picHubStorage.files.thumbnail({ type: 'GITHUB', gid: 'older' });
    const bytes = new Uint8Array(await thumbnail!.arrayBuffer());
    return {
      hubConfig: (await picHubStorage.hubs.get('h1'))?.config,
      files: (await picHubStorage.files.ofHub('h1')).map((file) => file.gid),
      thumbnail: { type: thumbnail?.type, size: bytes.length, nines: bytes.every((byte) => byte === 9) },
      databases: (await indexedDB.databases()).map(({ name, version }) => `${name}@${version}`),
    };
  });
  expect(read.hubConfig).not.toContain('ghp_never');
  expect(JSON.parse(read.hubConfig!)).toMatchObject({ owner: 'me', repo: 'pics' });
  expect(read.files).toEqual(['newer', 'older']);
  expect(read.thumbnail).toEqual({ type: 'image/webp', size: 4000, nines: true });
  expect(read.databases).toContain('PicHub@1');
});
