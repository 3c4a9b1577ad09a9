import type { DBSchema } from 'idb';
import type { SecretNamespace, SecretsCapability, SecretStore } from '@shared/contracts/secrets';
import { Database } from '../storage/database';

interface StoredKey {
  id: 'aes';
  /** Non-extractable: script on the page can use it but never read it out, and it never leaves this browser. */
  key: CryptoKey;
}

interface StoredSecret {
  /** `${namespace}:${key}`; in the version-1 `password` store, the WebDAV entry's id alone. */
  id: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface SecretSchema extends DBSchema {
  key: { key: string; value: StoredKey };
  /** Version 1 only (WebDAV passwords); version 2 moves its records into `secret`. */
  password: { key: string; value: StoredSecret };
  secret: { key: string; value: StoredSecret };
}

const KEY_ID = 'aes';

/**
 * The database began as the reader's WebDAV password store (issue 15) and keeps its name: renaming
 * it would strand the passwords users saved. Version 2 made it every tool's: records are keyed
 * `${namespace}:${key}` in one `secret` store, and the WebDAV passwords moved there as namespace
 * 'webdav'. The AES key stays, so the moved ciphertext still decrypts.
 */
export const SECRETS_DATABASE = 'WebdavSecret';

const recordId = (namespace: SecretNamespace, key: string) => `${namespace}:${key}`;

/**
 * The website's secrets: AES-GCM under a key that is generated in this browser, stored in IndexedDB
 * as a non-extractable CryptoKey, and used there; only ciphertext sits beside it. A script on our
 * origin could still use the key (as it could read a password while it is typed); what this stops
 * is a secret lying readable in a profile copy, a backup or a storage dump.
 *
 * Without WebCrypto (`crypto.subtle` exists only in secure contexts, so a LAN install served over
 * plain http has none) nothing is stored: secrets live in this page's memory and `durable()` says
 * false, for the page to tell the user.
 */
export function createBrowserSecrets(name = SECRETS_DATABASE): SecretsCapability {
  const database = new Database<SecretSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('key', { keyPath: 'id' });
        db.createObjectStore('password', { keyPath: 'id' });
      },
      (db, transaction) => {
        db.createObjectStore('secret', { keyPath: 'id' });
        // Requests on the upgrade transaction keep it open; a failed copy aborts the upgrade, so the
        // open fails and version 1 with its passwords stays as it was.
        void transaction
          .objectStore('password')
          .getAll()
          .then(async (passwords) => {
            const secrets = transaction.objectStore('secret');
            await Promise.all(passwords.map((stored) => secrets.put({ ...stored, id: recordId('webdav', stored.id) })));
            db.deleteObjectStore('password');
          })
          .catch(() => undefined);
      },
    ],
  });
  const keys = database.store('key');
  const secrets = database.store('secret');
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
        // Another tab stored its key first: use that one, or its secrets could not be read here.
        const winner = await keys.get(KEY_ID);
        if (!winner) throw new Error('no secrets key');
        return winner.key;
      }
    })().catch((error: unknown) => {
      keyPromise = undefined;
      throw error;
    });
    return keyPromise;
  };

  const store = (namespace: SecretNamespace): SecretStore => ({
    durable: () => Promise.resolve(subtle() !== undefined),

    async get(name) {
      const id = recordId(namespace, name);
      const cryptoApi = subtle();
      if (!cryptoApi) return memory.get(id);
      const stored = await secrets.get(id);
      if (!stored) return undefined;
      try {
        const plain = await cryptoApi.decrypt({ name: 'AES-GCM', iv: stored.iv }, await key(cryptoApi), stored.data);
        return new TextDecoder().decode(plain);
      } catch {
        // The key was cleared with site data while this record survived, or the record was altered:
        // the secret is gone, and the page asks for it again.
        await secrets.delete(id);
        return undefined;
      }
    },

    async save(name, secret) {
      const id = recordId(namespace, name);
      const cryptoApi = subtle();
      if (!cryptoApi) {
        memory.set(id, secret);
        return;
      }
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await cryptoApi.encrypt({ name: 'AES-GCM', iv }, await key(cryptoApi), new TextEncoder().encode(secret));
      await secrets.put({ id, iv, data });
    },

    async delete(name) {
      const id = recordId(namespace, name);
      memory.delete(id);
      if (subtle()) await secrets.delete(id);
    },
  });

  return { store };
}
