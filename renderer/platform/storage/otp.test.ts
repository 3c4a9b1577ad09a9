import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { StorageError } from './database';
import { createOtpStorage, type StoredOtpAccount } from './otp';

let counter = 0;
const freshName = () => `Otp-test-${(counter += 1)}`;

const account = (id: string, order: number, createTime = 1): StoredOtpAccount => ({
  id,
  type: 'totp',
  issuer: 'GitHub',
  account: `${id}@example.com`,
  secret: 'JBSWY3DPEHPK3PXP',
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
  counter: 0,
  group: '',
  order,
  createTime,
});

describe('otp storage', () => {
  it('is version 1 with an account and a vault store', async () => {
    const name = freshName();
    const storage = createOtpStorage(name);
    expect(await storage.mode()).toBe('empty');
    await storage.close();
    const db = await openDB(name);
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(['account', 'vault']);
    db.close();
  });

  it('lists plain accounts in the user order, then creation time', async () => {
    const storage = createOtpStorage(freshName());
    await storage.putAccounts([account('c', 2), account('a', 0, 5), account('b', 0, 3)]);
    expect(await storage.mode()).toBe('plain');
    expect((await storage.accounts()).map((a) => a.id)).toEqual(['b', 'a', 'c']);
    await storage.deleteAccount('a');
    expect((await storage.accounts()).map((a) => a.id)).toEqual(['b', 'c']);
  });

  it('setting a vault removes every readable secret, and removing it brings the list back', async () => {
    const storage = createOtpStorage(freshName());
    await storage.putAccounts([account('a', 0), account('b', 1)]);
    await storage.saveVault('{"sealed":true}');
    expect(await storage.mode()).toBe('vault');
    expect(await storage.accounts()).toEqual([]);
    expect(await storage.vault()).toBe('{"sealed":true}');

    await storage.savePlain([account('b', 0)]);
    expect(await storage.mode()).toBe('plain');
    expect(await storage.vault()).toBeUndefined();
    expect((await storage.accounts()).map((a) => a.id)).toEqual(['b']);
  });

  it('a failed switch keeps the old state whole (one transaction)', async () => {
    const storage = createOtpStorage(freshName());
    await storage.saveVault('sealed-1');
    // A record without its key path makes IndexedDB throw inside the transaction.
    const broken = { ...account('x', 0), id: undefined } as unknown as StoredOtpAccount;
    await expect(storage.savePlain([account('a', 0), broken])).rejects.toBeInstanceOf(StorageError);
    expect(await storage.mode()).toBe('vault');
    expect(await storage.vault()).toBe('sealed-1');
    expect(await storage.accounts()).toEqual([]);
  });

  it('clear forgets accounts and vault', async () => {
    const storage = createOtpStorage(freshName());
    await storage.saveVault('sealed');
    await storage.clear();
    expect(await storage.mode()).toBe('empty');
  });
});
