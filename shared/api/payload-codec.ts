import { API_CODE } from '../contracts/api';

/**
 * Codes 20003/20004 carry `data` as a string: a 9-character prefix, then base64 of the UTF-8 JSON
 * (20004 stores that base64 reversed). The spec fixes only the prefix length; the rest is ours and
 * is written down in docs/api.md. It keeps bulk scrapers from reading lists straight off the wire;
 * it is not encryption.
 */
export const ENCODED_PREFIX_LENGTH = 9;
const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type EncodedCode = typeof API_CODE.ENCODED | typeof API_CODE.ENCODED_REVERSED;

export function isEncodedCode(code: number): code is EncodedCode {
  return code === API_CODE.ENCODED || code === API_CODE.ENCODED_REVERSED;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function randomPrefix(random: () => number): string {
  let prefix = '';
  for (let i = 0; i < ENCODED_PREFIX_LENGTH; i++) prefix += PREFIX_ALPHABET[Math.floor(random() * PREFIX_ALPHABET.length)];
  return prefix;
}

const reverse = (text: string) => [...text].reverse().join('');

export function encodePayload(value: unknown, code: EncodedCode, random: () => number = Math.random): string {
  const base64 = toBase64(new TextEncoder().encode(JSON.stringify(value ?? null)));
  return randomPrefix(random) + (code === API_CODE.ENCODED_REVERSED ? reverse(base64) : base64);
}

/** Throws when the payload is not a string or not valid after the prefix. */
export function decodePayload(payload: unknown, code: EncodedCode): unknown {
  if (typeof payload !== 'string' || payload.length < ENCODED_PREFIX_LENGTH) throw new TypeError('encoded payload is not a string');
  const body = payload.slice(ENCODED_PREFIX_LENGTH);
  const base64 = code === API_CODE.ENCODED_REVERSED ? reverse(body) : body;
  return JSON.parse(new TextDecoder().decode(fromBase64(base64)));
}
