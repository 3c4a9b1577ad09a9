import { M3u8Error } from './errors';

/** The part of WebCrypto used here: global in browsers, workers, Node ≥ 19 and Electron alike. */
interface Subtle {
  importKey(format: 'raw', key: Uint8Array, algorithm: 'AES-CBC', extractable: false, usages: ['decrypt']): Promise<unknown>;
  decrypt(algorithm: { name: 'AES-CBC'; iv: Uint8Array }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): Subtle {
  return (globalThis as unknown as { crypto: { subtle: Subtle } }).crypto.subtle;
}

/** AES-128-CBC with PKCS#7 padding, as HLS encrypts whole segments. A wrong key almost always fails the padding check: 'decrypt'. */
export async function decryptSegment(data: Uint8Array, key: Uint8Array, iv: Uint8Array): Promise<Uint8Array> {
  if (key.length !== 16) throw new M3u8Error('key', { message: `key is ${key.length} bytes, not 16` });
  if (data.length === 0 || data.length % 16 !== 0)
    throw new M3u8Error('decrypt', { message: `${data.length} bytes is not whole AES blocks` });
  try {
    const cryptoKey = await subtle().importKey('raw', key, 'AES-CBC', false, ['decrypt']);
    return new Uint8Array(await subtle().decrypt({ name: 'AES-CBC', iv }, cryptoKey, data));
  } catch (cause) {
    throw new M3u8Error('decrypt', { message: cause instanceof Error ? cause.message : String(cause) });
  }
}
