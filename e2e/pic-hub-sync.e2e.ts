import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './privacy';
import {
  addCdnTemplate,
  hubRow,
  cdnRow,
  TOKEN,
  cdnTemplate,
  configureHub,
  openUpload,
  logIn,
  pasteFiles,
  photo,
  pichubUrl,
  setUpPicHubWorld,
  apiAsAdmin,
  secondBrowser,
  uploadItem,
} from './pic-hub-kit';

/**
 * PicHub and the account (spec §4): logged in, the hub (with its token), the settings and the file
 * records follow the user to a second browser; anonymous, everything stays in this browser's
 * IndexedDB and our API hears nothing about hubs or files. Either way the token is never in
 * localStorage nor readable in IndexedDB.
 */

const world = setUpPicHubWorld();

async function upload(page: Page, name: string, seed: number): Promise<void> {
  await openUpload(page, world());
  await pasteFiles(page, [{ name, mimeType: 'image/jpeg', buffer: await photo(640, 480, seed) }]);
  await expect(uploadItem(page, name)).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
}

/** Everything this origin keeps in localStorage and IndexedDB, as text (Blobs as their size). */
const storedText = (page: Page) =>
  page.evaluate(async () => {
    const parts = [JSON.stringify({ ...localStorage })];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const open = indexedDB.open(name!);
        open.onsuccess = () => done(open.result);
        open.onerror = () => fail(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((done, fail) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => done(all.result as unknown[]);
          all.onerror = () => fail(all.error);
        });
        parts.push(JSON.stringify(records, (_key, value: unknown) => (value instanceof Blob ? `Blob(${value.size})` : value)));
      }
      db.close();
    }
    return parts.join('\n');
  });

test('logged in: the hub with its token, the settings and the file records appear in a second browser', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logIn(context, world());
  await configureHub(page, world(), { path: 'synced' });
  await page.goto(pichubUrl(world(), 'setting'));
  await addCdnTemplate(page, '同步的 CDN', cdnTemplate(world().cdn.fast), { activate: true });
  // Straight on to another page load: a change still waiting for the account is sent as the page goes.
  await upload(page, '第一台.jpg', 11);

  const files = await apiAsAdmin<{ list: { originalName: string; storage: string; hubId: string }[] }>(
    world(),
    '/api/busi/pic-hub-file/list/page/mine?pageNum=1&pageSize=20',
  );
  expect(files.list.map((file) => [file.originalName, file.storage])).toContainEqual(['第一台.jpg', 'REMOTE']);
  expect(await storedText(page)).not.toContain(TOKEN);
  // The synced hub's token is on the server encrypted: no file of its data folder (database, WAL) holds it.
  const dataFiles = readdirSync(join(world().dir, 'api'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const contents = dataFiles.map((entry) => ({ name: entry.name, bytes: readFileSync(join(entry.parentPath, entry.name)) }));
  // The scan sees what the server wrote: the file record's name is there in plain text.
  expect(contents.some(({ bytes }) => bytes.includes('第一台.jpg'))).toBe(true);
  for (const { name, bytes } of contents) expect(bytes.includes(TOKEN), name).toBe(false);

  const second = await secondBrowser(browser, world());
  try {
    const other = await second.newPage();
    await other.goto(pichubUrl(world(), 'storage'));
    const row = hubRow(other, { path: 'synced' });
    await expect(row.getByTestId('pic-hub-hub-storage')).toHaveText('已同步');
    await expect(row.getByTestId('pic-hub-hub-active')).toBeVisible();
    await other.goto(pichubUrl(world(), 'setting'));
    await expect(cdnRow(other, '同步的 CDN')).toHaveAttribute('data-active', 'true');
    await other.goto(pichubUrl(world(), 'gallery'));
    await expect(other.getByTestId('pic-hub-gallery-card')).not.toHaveCount(0);
    // The token came with the hub: the second browser uploads without being given it.
    const commits = world().github.log().length;
    await upload(other, '第二台.jpg', 12);
    expect(world().github.log()).toHaveLength(commits + 1);
    expect(await storedText(other)).not.toContain(TOKEN);
  } finally {
    await second.close();
  }
});

test('anonymous: records stay in this browser, nothing about hubs or files reaches our API', async ({ page }) => {
  test.setTimeout(90_000);
  const told: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    // Reading whether the site offers a system hub is fine; any other pic-hub call would tell the server.
    if (url.origin === world().api.url && /^\/api\/busi\/pic-hub/.test(url.pathname) && !url.pathname.endsWith('/sys/default'))
      told.push(`${request.method()} ${url.pathname}`);
  };
  page.context().on('request', onRequest);
  await configureHub(page, world(), { path: 'anonymous' });
  await upload(page, '本机.jpg', 21);
  const path = world()
    .github.ls()
    .map((entry) => entry.path)
    .find((each) => each.startsWith('anonymous/'));
  expect(path).toBeTruthy();
  const name = path!.split('/').pop()!;

  await page.goto(pichubUrl(world(), 'gallery'));
  const card = page.getByTestId('pic-hub-gallery-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('仅本机');
  await page.reload();
  await expect(page.getByTestId('pic-hub-gallery-card').filter({ hasText: name })).toHaveCount(1);
  const stored = await storedText(page);
  expect(stored).toContain('本机.jpg');
  expect(stored).toContain('"LOCAL"');
  expect(stored).not.toContain(TOKEN);
  page.context().off('request', onRequest);
  expect(told).toEqual([]);
});
