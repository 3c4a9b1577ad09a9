import { WrongPasswordError, deriveKey } from './password-seal';

export { WrongPasswordError } from './password-seal';

/**
 * The OTP vault: the authenticator's records encrypted with a password the user chooses, both at
 * rest in the browser database and as the encrypted backup file. One JSON record serves both
 * (documented in docs/decisions.md, "OTP cores"):
 *
 * ```json
 * { "format": "baibao-otp-vault", "version": 1,
 *   "kdf": { "name": "PBKDF2", "hash": "SHA-256", "iterations": 600000, "salt": "<base64, 16 bytes>" },
 *   "cipher": { "name": "AES-GCM", "iv": "<base64, 12 bytes>" },
 *   "ciphertext": "<base64: UTF-8 JSON of the records, then the 16-byte GCM tag>" }
 * ```
 *
 * PBKDF2-SHA-256 at OWASP's 2023 count (600,000) rather than Argon2id: WebCrypto runs it natively
 * in every browser, worker and Node with no wasm to load before the unlock prompt can answer, and
 * ~0.3 s per unlock on a phone. The key is derived once per unlock and kept (non-extractable) in
 * the VaultKey, so every change re-seals with a fresh IV without asking for the password again.
 */
export const VAULT_FORMAT = 'baibao-otp-vault';
export const VAULT_VERSION = 1;
export const VAULT_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
/** What a file may ask for: below the floor it is too weak to accept, above it an unlock would hang. */
const MIN_ITERATIONS = 100_000;
const MAX_ITERATIONS = 10_000_000;

export interface VaultKdf {
  name: 'PBKDF2';
  hash: 'SHA-256';
  iterations: number;
  salt: string;
}

export interface VaultFile {
  format: typeof VAULT_FORMAT;
  version: typeof VAULT_VERSION;
  kdf: VaultKdf;
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
}

/** An unlocked vault's key; hold it while unlocked, drop it to lock. */
export interface VaultKey {
  readonly key: CryptoKey;
  readonly kdf: VaultKdf;
}

/**
 * - notVault: not JSON, or not this format (another app's backup, a plain otpauth list)
 * - unsupported: a later version of the format, or key parameters outside what we accept
 */
export type VaultErrorKind = 'notVault' | 'unsupported';

export class VaultError extends Error {
  override readonly name = 'VaultError';
  constructor(readonly kind: VaultErrorKind) {
    super(kind);
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    throw new VaultError('notVault');
  }
}

/** A new key with a fresh salt: for setting or changing the password. */
export async function createVaultKey(password: string, iterations = VAULT_ITERATIONS): Promise<VaultKey> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { key: await deriveKey(password, salt, iterations), kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(salt) } };
}

/** Encrypts `data` (any JSON value) under an unlocked key, with a fresh IV every time. */
export async function sealVault(data: unknown, vaultKey: VaultKey): Promise<VaultFile> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(data));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, vaultKey.key, plain));
  return {
    format: VAULT_FORMAT,
    version: VAULT_VERSION,
    kdf: { ...vaultKey.kdf },
    cipher: { name: 'AES-GCM', iv: toBase64(iv) },
    ciphertext: toBase64(sealed),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a stored record or an imported backup's text; throws VaultError. */
export function readVaultFile(input: unknown): VaultFile {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input) as unknown;
    } catch {
      throw new VaultError('notVault');
    }
  }
  if (!isRecord(value) || value.format !== VAULT_FORMAT) throw new VaultError('notVault');
  if (value.version !== VAULT_VERSION) throw new VaultError('unsupported');
  const { kdf, cipher, ciphertext } = value;
  if (!isRecord(kdf) || !isRecord(cipher) || typeof ciphertext !== 'string') throw new VaultError('notVault');
  if (kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-256' || cipher.name !== 'AES-GCM') throw new VaultError('unsupported');
  const { iterations, salt } = kdf;
  if (typeof iterations !== 'number' || !Number.isInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
    throw new VaultError('unsupported');
  }
  if (typeof salt !== 'string' || typeof cipher.iv !== 'string') throw new VaultError('notVault');
  if (fromBase64(salt).length < SALT_BYTES || fromBase64(cipher.iv).length !== IV_BYTES) throw new VaultError('notVault');
  return {
    format: VAULT_FORMAT,
    version: VAULT_VERSION,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt },
    cipher: { name: 'AES-GCM', iv: cipher.iv },
    ciphertext,
  };
}

/** Decrypts with a key already unlocked (the same salt): no PBKDF2 run. */
export async function openVaultWithKey(file: VaultFile, vaultKey: VaultKey): Promise<unknown> {
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(file.cipher.iv) }, vaultKey.key, fromBase64(file.ciphertext));
  } catch (error) {
    if (error instanceof VaultError) throw error;
    throw new WrongPasswordError();
  }
  try {
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  } catch {
    throw new VaultError('notVault');
  }
}

/**
 * Unlocks a vault record or backup: its data and the key to re-seal changes with. A wrong password
 * (or a file whose ciphertext was altered: GCM cannot tell them apart) throws WrongPasswordError.
 */
export async function openVault(input: unknown, password: string): Promise<{ data: unknown; key: VaultKey }> {
  const file = readVaultFile(input);
  const key: VaultKey = { key: await deriveKey(password, fromBase64(file.kdf.salt), file.kdf.iterations), kdf: file.kdf };
  return { data: await openVaultWithKey(file, key), key };
}
