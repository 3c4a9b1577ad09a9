import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPasswords } from './browser-passwords';

let counter = 0;
const freshName = () => `WebdavSecret-test-${(counter += 1)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('website WebDAV passwords', () => {
  it('keeps a password across store instances (a reload) as ciphertext only, under a key that cannot be exported', async () => {
    const name = freshName();
    const first = createBrowserPasswords(name);
    expect(await first.persistent()).toBe(true);
    await first.save('entry-1', '书架-密码 p@ss');
    expect(await createBrowserPasswords(name).load('entry-1')).toBe('书架-密码 p@ss');

    const db = await openDB(name);
    const stored = (await db.get('password', 'entry-1')) as { data: ArrayBuffer; iv: Uint8Array };
    const raw = new TextDecoder().decode(stored.data);
    expect(raw).not.toContain('p@ss');
    const { key } = (await db.get('key', 'aes')) as { key: CryptoKey };
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    db.close();
  });

  it('uses a fresh IV per save, removes, and forgets a record it can no longer decrypt', async () => {
    const name = freshName();
    const store = createBrowserPasswords(name);
    await store.save('a', 'one');
    await store.save('b', 'one');
    const db = await openDB(name);
    const a = (await db.get('password', 'a')) as { iv: Uint8Array; data: ArrayBuffer };
    const b = (await db.get('password', 'b')) as { iv: Uint8Array; data: ArrayBuffer };
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);

    await store.remove('a');
    expect(await store.load('a')).toBeUndefined();

    // Tampered ciphertext (or a key lost with cleared site data): gone, never garbage.
    const data = new Uint8Array(b.data.slice(0));
    data[0] = data[0]! ^ 1;
    await db.put('password', { ...b, data: data.buffer });
    db.close();
    expect(await store.load('b')).toBeUndefined();
    expect(await createBrowserPasswords(name).load('b')).toBeUndefined();
  });

  it('without WebCrypto (plain-http LAN installs) stores nothing and says so, keeping the password for this page', async () => {
    const name = freshName();
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const store = createBrowserPasswords(name);
    expect(await store.persistent()).toBe(false);
    await store.save('entry', 'secret');
    expect(await store.load('entry')).toBe('secret');
    vi.unstubAllGlobals();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
    expect(await createBrowserPasswords(name).load('entry')).toBeUndefined();
  });
});
