import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserSecrets } from './browser';

let counter = 0;
const freshName = () => `Secrets-test-${(counter += 1)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Stored {
  id: string;
  iv: Uint8Array;
  data: ArrayBuffer;
}

describe('website secrets', () => {
  it('keeps a secret across instances (a reload) as ciphertext only, under a key that cannot be exported', async () => {
    const name = freshName();
    const first = createBrowserSecrets(name).store('pic-hub');
    expect(await first.durable()).toBe(true);
    await first.save('hub-1', 'ghp_书架-token');
    expect(await createBrowserSecrets(name).store('pic-hub').get('hub-1')).toBe('ghp_书架-token');

    const db = await openDB(name);
    const stored = (await db.get('secret', 'pic-hub:hub-1')) as Stored;
    expect(new TextDecoder().decode(stored.data)).not.toContain('token');
    const { key } = (await db.get('key', 'aes')) as { key: CryptoKey };
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    db.close();
  });

  it('keeps namespaces apart: the same key in two tools is two secrets', async () => {
    const secrets = createBrowserSecrets(freshName());
    await secrets.store('webdav').save('same', 'dav password');
    await secrets.store('pic-hub').save('same', 'github token');
    expect(await secrets.store('webdav').get('same')).toBe('dav password');
    await secrets.store('pic-hub').delete('same');
    expect(await secrets.store('pic-hub').get('same')).toBeUndefined();
    expect(await secrets.store('webdav').get('same')).toBe('dav password');
  });

  it('uses a fresh IV per save, deletes, and forgets a record it can no longer decrypt', async () => {
    const name = freshName();
    const store = createBrowserSecrets(name).store('webdav');
    await store.save('a', 'one');
    await store.save('b', 'one');
    const db = await openDB(name);
    const a = (await db.get('secret', 'webdav:a')) as Stored;
    const b = (await db.get('secret', 'webdav:b')) as Stored;
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);

    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    await store.delete('never-saved');

    // Tampered ciphertext (or a key lost with cleared site data): gone, never garbage.
    const data = new Uint8Array(b.data.slice(0));
    data[0] = data[0]! ^ 1;
    await db.put('secret', { ...b, data: data.buffer });
    db.close();
    expect(await store.get('b')).toBeUndefined();
    expect(await createBrowserSecrets(name).store('webdav').get('b')).toBeUndefined();
  });

  it('reads the WebDAV passwords the version-1 store saved (issue 15), as namespace webdav', async () => {
    const name = freshName();
    // What the shipped WebDAV password store wrote: version 1, stores `key` and `password` keyed by
    // the entry's id, AES-GCM under a non-extractable key.
    const old = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('key', { keyPath: 'id' });
        db.createObjectStore('password', { keyPath: 'id' });
      },
    });
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await old.add('key', { id: 'aes', key });
    for (const [id, password] of [
      ['entry-1', '坚果云-应用密码'],
      ['entry-2', 'nas secret'],
    ]) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(password));
      await old.put('password', { id, iv, data });
    }
    old.close();

    const webdav = createBrowserSecrets(name).store('webdav');
    expect(await webdav.get('entry-1')).toBe('坚果云-应用密码');
    expect(await webdav.get('entry-2')).toBe('nas secret');
    expect(await createBrowserSecrets(name).store('pic-hub').get('entry-1')).toBeUndefined();

    const upgraded = await openDB(name);
    expect(upgraded.version).toBe(2);
    expect([...upgraded.objectStoreNames].sort()).toEqual(['key', 'secret']);
    upgraded.close();
  });

  it('without WebCrypto (plain-http LAN installs) stores nothing and says so, keeping the secret for this page', async () => {
    const name = freshName();
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const store = createBrowserSecrets(name).store('pic-hub');
    expect(await store.durable()).toBe(false);
    await store.save('hub', 'secret');
    expect(await store.get('hub')).toBe('secret');
    vi.unstubAllGlobals();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
    expect(await createBrowserSecrets(name).store('pic-hub').get('hub')).toBeUndefined();
  });
});
