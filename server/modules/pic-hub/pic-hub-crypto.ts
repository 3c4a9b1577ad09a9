import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Hub configurations hold a GitHub token with write access to someone's repository, so they are
 * stored sealed: AES-256-GCM under a key derived (HKDF) from the app secret, which lives outside the
 * database (JWT_SECRET or DATA_DIR/jwt-secret). A copied database file or backup alone reveals no
 * token. The app secret changing makes stored configs unreadable (`tryOpen` answers undefined): the
 * service answers such hubs without their config until the users' browsers save them again, as the
 * users log in again.
 */
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface ConfigSealer {
  seal(plain: string): string;
  /** Throws when `sealed` was not sealed under this secret or was altered. */
  open(sealed: string): string;
  tryOpen(sealed: string): string | undefined;
}

export function createConfigSealer(secret: Uint8Array): ConfigSealer {
  const key = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'baibao pic-hub config', 32));
  const sealer: ConfigSealer = {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('Not a sealed PicHub config');
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    tryOpen(sealed) {
      try {
        return sealer.open(sealed);
      } catch {
        return undefined;
      }
    },
  };
  return sealer;
}
