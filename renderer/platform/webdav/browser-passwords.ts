import type { DBSchema } from 'idb';
import type { WebdavPasswordStore } from '@shared/contracts/webdav';
import { Database } from '../storage/database';

interface StoredKey {
  id: 'aes';
  /** Non-extractable: script on the page can use it but never read it out, and it never leaves this browser. */
  key: CryptoKey;
}

interface StoredPassword {
  /** The WebDAV entry's id. */
  id: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface SecretSchema extends DBSchema {
  key: { key: string; value: StoredKey };
  password: { key: string; value: StoredPassword };
}

const KEY_ID = 'aes';

/**
 * The website's WebDAV passwords (issue 15: "never in plain localStorage"): AES-GCM under a key that
 * is generated in this browser, stored in IndexedDB as a non-extractable CryptoKey, and used there;
 * only ciphertext sits beside it. A script on our origin could still use the key (as it could read
 * the password while it is typed); what this stops is the password lying readable in a profile copy,
 * a backup or a storage dump.
 *
 * Without WebCrypto (`crypto.subtle` exists only in secure contexts, so a LAN install served over
 * plain http has none) nothing is stored: passwords live in this page's memory and `persistent()`
 * says false, for the page to tell the user.
 */
export function createBrowserPasswords(name = 'WebdavSecret'): WebdavPasswordStore {
  const database = new Database<SecretSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('key', { keyPath: 'id' });
        db.createObjectStore('password', { keyPath: 'id' });
      },
    ],
  });
  const keys = database.store('key');
  const passwords = database.store('password');
  const memory = new Map<string, string>();
  const subtle = (): SubtleCrypto | undefined => (typeof crypto === 'undefined' ? undefined : crypto.subtle);

  let keyPromise: Promise<CryptoKey> | undefined;
  const key = (cryptoApi: SubtleCrypto): Promise<CryptoKey> => {
    keyPromise ??= (async () => {
      const stored = await keys.get(KEY_ID);
      if (stored) return stored.key;
      const created = await cryptoApi.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      try {
        await keys.add({ id: KEY_ID, key: created });
        return created;
      } catch {
        // Another tab stored its key first: use that one, or its passwords could not be read here.
        const winner = await keys.get(KEY_ID);
        if (!winner) throw new Error('no WebDAV password key');
        return winner.key;
      }
    })().catch((error: unknown) => {
      keyPromise = undefined;
      throw error;
    });
    return keyPromise;
  };

  return {
    persistent: () => Promise.resolve(subtle() !== undefined),

    async load(entryId) {
      const cryptoApi = subtle();
      if (!cryptoApi) return memory.get(entryId);
      const stored = await passwords.get(entryId);
      if (!stored) return undefined;
      try {
        const plain = await cryptoApi.decrypt({ name: 'AES-GCM', iv: stored.iv }, await key(cryptoApi), stored.data);
        return new TextDecoder().decode(plain);
      } catch {
        // The key was cleared with site data while this record survived, or the record was altered:
        // the password is gone, and the page asks for it again.
        await passwords.delete(entryId);
        return undefined;
      }
    },

    async save(entryId, password) {
      const cryptoApi = subtle();
      if (!cryptoApi) {
        memory.set(entryId, password);
        return;
      }
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await cryptoApi.encrypt({ name: 'AES-GCM', iv }, await key(cryptoApi), new TextEncoder().encode(password));
      await passwords.put({ id: entryId, iv, data });
    },

    async remove(entryId) {
      memory.delete(entryId);
      if (subtle()) await passwords.delete(entryId);
    },
  };
}
