import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretNamespace, SecretsCapability, SecretStore } from '@shared/contracts/secrets';
import { writeAtomically } from './token-store';
import type { TokenCipher } from './token-store';

export interface SecretFilesOptions {
  /** userData in the app. */
  dir: string;
  /** The token store's: safeStorage in the app, an AES-GCM stand-in in tests. */
  cipher: TokenCipher;
  warn: (message: string) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The file a namespace's secrets live in. The WebDAV passwords (issue 15) were the first and keep
 * their file, so the passwords users saved before secrets were shared are read as they are.
 */
export function secretFile(dir: string, namespace: SecretNamespace): string {
  return join(dir, namespace === 'webdav' ? 'webdav-passwords.bin' : `${namespace}-secrets.bin`);
}

/**
 * The desktop's secrets: per namespace one file holding its secrets as JSON, encrypted as a whole
 * by the OS (safeStorage), written atomically — the token store's rules. Without real OS
 * encryption nothing is written and the secrets live in main's memory for this run (`durable()`
 * false, so the page says they will be asked for again). A file that cannot be read or decrypted
 * is dropped with a warning: the user types the secrets again, nothing crashes.
 */
export function createSecretFiles({ dir, cipher, warn }: SecretFilesOptions): SecretsCapability {
  const stores = new Map<SecretNamespace, SecretStore>();
  const available = () => cipher.isEncryptionAvailable().catch(() => false);

  function createStore(namespace: SecretNamespace): SecretStore {
    const file = secretFile(dir, namespace);
    const memory = new Map<string, string>();
    let queue: Promise<unknown> = Promise.resolve();
    // One change at a time: two saves at once must not each write the file without the other's secret.
    const serial = <T>(task: () => Promise<T>): Promise<T> => {
      const run = queue.then(task, task);
      queue = run.catch(() => undefined);
      return run;
    };

    async function readAll(): Promise<Record<string, string>> {
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`${file}: unreadable (${messageOf(error)})`);
        return {};
      }
      try {
        const parsed: unknown = JSON.parse(await cipher.decryptString(bytes));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      } catch (error) {
        warn(`${file}: cannot be decrypted or read (${messageOf(error)}); the ${namespace} secrets must be typed again`);
        await rm(file, { force: true }).catch(() => undefined);
        return {};
      }
    }

    async function writeAll(secrets: Record<string, string>): Promise<void> {
      if (Object.keys(secrets).length === 0) await rm(file, { force: true });
      else await writeAtomically(file, await cipher.encryptString(JSON.stringify(secrets)));
    }

    return {
      durable: available,

      get: (key) =>
        serial(async () => {
          if (memory.has(key)) return memory.get(key);
          if (!(await available())) return undefined;
          const all = await readAll();
          return Object.hasOwn(all, key) ? all[key] : undefined;
        }),

      save: (key, secret) =>
        serial(async () => {
          if (await available()) {
            try {
              const all = await readAll();
              all[key] = secret;
              await writeAll(all);
              memory.delete(key);
              return;
            } catch (error) {
              warn(`could not store a ${namespace} secret in ${file} (${messageOf(error)}); keeping it in memory for this run`);
            }
          }
          memory.set(key, secret);
        }),

      delete: (key) =>
        serial(async () => {
          memory.delete(key);
          if (!(await available())) return;
          const all = await readAll();
          if (!Object.hasOwn(all, key)) return;
          delete all[key];
          await writeAll(all);
        }),
    };
  }

  return {
    // One store per namespace for the whole run, so its queue orders every change to its file.
    store(namespace) {
      let store = stores.get(namespace);
      if (!store) {
        store = createStore(namespace);
        stores.set(namespace, store);
      }
      return store;
    },
  };
}
