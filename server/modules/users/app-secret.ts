import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SECRET_FILE = 'jwt-secret';

/** The same floor as JWT_SECRET's 32 characters; the generated key is 64 bytes. */
const MIN_SECRET_BYTES = 32;

/** Raised at start-up so the server refuses to run instead of answering every login with 500. */
export class AppSecretError extends Error {
  override name = 'AppSecretError';
}

/**
 * The key that signs access tokens and keys captcha hashes. JWT_SECRET wins; otherwise a random one
 * is made on first start and kept in DATA_DIR (owner-only file), so restarts keep sessions alive.
 * Nothing about it is ever logged.
 */
export async function loadAppSecret(dataDir: string, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, SECRET_FILE);
  let stored: string | undefined;
  try {
    stored = await readFile(file, 'utf8');
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  if (stored !== undefined) {
    const secret = Buffer.from(stored.trim(), 'base64url');
    if (secret.length < MIN_SECRET_BYTES) {
      throw new AppSecretError(
        `${file} holds ${secret.length} bytes of key, at least ${MIN_SECRET_BYTES} are needed. Delete the file to have a new key made (every session ends), restore it from a backup, or set JWT_SECRET.`,
      );
    }
    return secret;
  }
  const secret = randomBytes(64);
  await mkdir(dataDir, { recursive: true });
  // 'wx' fails rather than overwrite a secret another process wrote meanwhile.
  await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  return secret;
}
