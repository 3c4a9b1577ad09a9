import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { storedTokensSchema } from '@shared/contracts/tokens';
import type { StoredTokens, TokenStoreCapability } from '@shared/contracts/tokens';

/**
 * The OS encryption the store relies on. In the app it wraps Electron's `safeStorage`
 * (token-cipher.ts); tests hand in an AES-GCM stand-in. Async because Electron deprecates the
 * synchronous safeStorage calls (they block main on a Keychain or keyring prompt).
 */
export interface TokenCipher {
  /** False when the OS offers no real protection; the store then keeps tokens in memory only. */
  isEncryptionAvailable(): Promise<boolean>;
  encryptString(text: string): Promise<Buffer>;
  /** Throws for data it cannot decrypt (another user, another machine, a reset keyring, tampering). */
  decryptString(buffer: Buffer): Promise<string>;
}

export interface TokenStoreOptions {
  /** `<userData>/tokens.bin` in the app. */
  file: string;
  cipher: TokenCipher;
  /** Problems the user cannot act on (they only end up logged out), so they are logged, not thrown. */
  warn: (message: string) => void;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Write to a sibling temp file and rename it over the target, so a crash never leaves half a file. */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The desktop token store: the account's access + refresh tokens, encrypted by the OS at rest in
 * one file. Without real OS encryption (Linux with no keyring) nothing is written: the tokens live
 * in memory for this run and the user logs in again at the next start, because a file "encrypted"
 * with a well-known password is plaintext in disguise.
 */
export function createTokenStore({ file, cipher, warn }: TokenStoreOptions): TokenStoreCapability {
  /** Tokens of this run that could not be persisted; they win over the file while set. */
  let memory: StoredTokens | undefined;
  let warnedUnavailable = false;
  // One operation at a time, in call order: a save followed at once by a clear must end cleared.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const available = async () => {
    const yes = await cipher.isEncryptionAvailable().catch(() => false);
    if (!yes && !warnedUnavailable) {
      warnedUnavailable = true;
      warn('OS encryption is unavailable: tokens are kept in memory only, the user must log in again at the next start');
    }
    return yes;
  };

  /** A file we cannot use is a logged-out state, never a crash; removing it stops the same warning at every start. */
  const discard = async (reason: string): Promise<Partial<StoredTokens>> => {
    warn(`${file}: ${reason}; treating the user as logged out and removing it`);
    await rm(file, { force: true }).catch((error: unknown) => warn(`could not remove ${file}: ${messageOf(error)}`));
    return {};
  };

  const readFromDisk = async (): Promise<Partial<StoredTokens>> => {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      return errorCode(error) === 'ENOENT' ? {} : discard(`unreadable (${messageOf(error)})`);
    }
    let text: string;
    try {
      text = await cipher.decryptString(bytes);
    } catch (error) {
      return discard(`cannot be decrypted (${messageOf(error)})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return discard('is not JSON after decryption');
    }
    const parsed = storedTokensSchema.safeParse(json);
    return parsed.success ? parsed.data : discard('does not hold a token pair');
  };

  return {
    load: () =>
      serial(async () => {
        if (memory) return { ...memory };
        // Without encryption the file is left alone: the keyring may be back at the next start.
        if (!(await available())) return {};
        return readFromDisk();
      }),

    save: (tokens) =>
      serial(async () => {
        const copy = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
        if (await available()) {
          try {
            await writeAtomically(file, await cipher.encryptString(JSON.stringify(copy)));
            memory = undefined;
            return;
          } catch (error) {
            // The login itself succeeded; losing it at the next start beats failing it now.
            warn(`could not store tokens in ${file} (${messageOf(error)}); keeping them in memory for this run`);
          }
        }
        memory = copy;
        // An older file would bring back superseded (rotated, maybe revoked) tokens at the next start.
        await rm(file, { force: true }).catch(() => undefined);
      }),

    clear: () =>
      serial(async () => {
        memory = undefined;
        await rm(file, { force: true });
      }),
  };
}
