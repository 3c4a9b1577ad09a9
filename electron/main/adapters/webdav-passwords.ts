import { readFile, rm } from 'node:fs/promises';
import type { WebdavPasswordStore } from '@shared/contracts/webdav';
import { writeAtomically } from './token-store';
import type { TokenCipher } from './token-store';

export interface WebdavPasswordsOptions {
  /** `<userData>/webdav-passwords.bin` in the app. */
  file: string;
  /** The token store's: safeStorage in the app, an AES-GCM stand-in in tests. */
  cipher: TokenCipher;
  warn: (message: string) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The desktop's WebDAV passwords: one file holding every entry's password as JSON, encrypted as a
 * whole by the OS (safeStorage), written atomically — the token store's rules. Without real OS
 * encryption nothing is written and the passwords live in main's memory for this run
 * (`persistent()` false, so the page says they will be asked again). A file that cannot be read
 * or decrypted is dropped with a warning: the user types the passwords again, nothing crashes.
 */
export function createWebdavPasswords({ file, cipher, warn }: WebdavPasswordsOptions): WebdavPasswordStore {
  const memory = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();
  // One change at a time: two saves at once must not each write the file without the other's entry.
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const available = () => cipher.isEncryptionAvailable().catch(() => false);

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
      warn(`${file}: cannot be decrypted or read (${messageOf(error)}); the WebDAV passwords must be typed again`);
      await rm(file, { force: true }).catch(() => undefined);
      return {};
    }
  }

  async function writeAll(passwords: Record<string, string>): Promise<void> {
    if (Object.keys(passwords).length === 0) await rm(file, { force: true });
    else await writeAtomically(file, await cipher.encryptString(JSON.stringify(passwords)));
  }

  return {
    persistent: available,

    load: (entryId) =>
      serial(async () => {
        if (memory.has(entryId)) return memory.get(entryId);
        if (!(await available())) return undefined;
        const all = await readAll();
        return Object.hasOwn(all, entryId) ? all[entryId] : undefined;
      }),

    save: (entryId, password) =>
      serial(async () => {
        if (await available()) {
          try {
            const all = await readAll();
            all[entryId] = password;
            await writeAll(all);
            memory.delete(entryId);
            return;
          } catch (error) {
            warn(`could not store a WebDAV password in ${file} (${messageOf(error)}); keeping it in memory for this run`);
          }
        }
        memory.set(entryId, password);
      }),

    remove: (entryId) =>
      serial(async () => {
        memory.delete(entryId);
        if (!(await available())) return;
        const all = await readAll();
        if (!Object.hasOwn(all, entryId)) return;
        delete all[entryId];
        await writeAll(all);
      }),
  };
}
