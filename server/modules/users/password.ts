import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { API_CODE } from '@shared/contracts/api';
import { HttpError } from '../../http/http-error';
import { HashingBusyError, passwordPool } from './password-pool';

/**
 * scrypt with N=2^15, r=8, p=1 (OWASP's memory-hard baseline): 32 MiB and tens of milliseconds
 * per guess. It runs in a bounded pool of worker threads (password-pool.ts), never on the event
 * loop nor on libuv's thread pool, which file and DNS work share; a full queue or a long wait answers 429.
 * The parameters are stored with each hash, so raising them later keeps old hashes verifiable.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly that and too tight.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return passwordPool.scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options).catch((error: unknown) => {
    throw error instanceof HashingBusyError ? new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: 'users.serverBusy' }) : error;
  });
}

/** `scrypt$N$r$p$<salt base64url>$<key base64url>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for logins naming an account that does not exist, so the
 * answer time does not tell which accounts exist.
 */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}
