import { CIPHER_OVERHEAD, GCM_TAG_BYTES, IV_BYTES, PBKDF2_ITERATIONS, SALT_BYTES } from '@shared/image/lsb';

/**
 * Password sealing shared by the image and text steganography tools (record layout in
 * shared/image/lsb.ts): AES-256-GCM with a key from PBKDF2-SHA-256. WebCrypto exists in browsers,
 * workers and Node, so this runs (and is tested) in all.
 */

/** The GCM tag did not verify: with an intact record (its CRC passed) that means a wrong password. */
export class WrongPasswordError extends Error {
  constructor() {
    super('wrong password');
    this.name = 'WrongPasswordError';
  }
}

/** An AES-256-GCM key from PBKDF2-SHA-256; the OTP vault passes its own (higher) iteration count. */
export async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations = PBKDF2_ITERATIONS): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** salt ‖ IV ‖ ciphertext+tag, with a fresh random salt and IV every time. */
export async function encryptMessage(message: Uint8Array<ArrayBuffer>, password: string): Promise<Uint8Array> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: GCM_TAG_BYTES * 8 }, await deriveKey(password, salt), message),
  );
  const body = new Uint8Array(SALT_BYTES + IV_BYTES + sealed.length);
  body.set(salt, 0);
  body.set(iv, SALT_BYTES);
  body.set(sealed, SALT_BYTES + IV_BYTES);
  return body;
}

/** The message bytes, or WrongPasswordError when the tag does not verify. */
export async function decryptBody(body: Uint8Array, password: string): Promise<Uint8Array> {
  if (body.length < CIPHER_OVERHEAD) throw new WrongPasswordError();
  const salt = body.slice(0, SALT_BYTES);
  const iv = body.slice(SALT_BYTES, SALT_BYTES + IV_BYTES);
  const key = await deriveKey(password, salt);
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv, tagLength: GCM_TAG_BYTES * 8 }, key, body.slice(SALT_BYTES + IV_BYTES)),
    );
  } catch {
    throw new WrongPasswordError();
  }
}
