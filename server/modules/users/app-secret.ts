import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SECRET_FILE = 'jwt-secret';

/**
 * The key that signs access tokens and keys captcha hashes. JWT_SECRET wins; otherwise a random one
 * is made on first start and kept in DATA_DIR (owner-only file), so restarts keep sessions alive.
 * Nothing about it is ever logged.
 */
export async function loadAppSecret(dataDir: string, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, SECRET_FILE);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  const secret = randomBytes(64);
  await mkdir(dataDir, { recursive: true });
  // 'wx' fails rather than overwrite a secret another process wrote meanwhile.
  await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
  return secret;
}
