import { createHash, getHashes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { createSM3 } from 'hash-wasm';
import type { HashAlgorithm } from '@shared/contracts/hash';

/** One running digest fed chunk by chunk during the single read pass. */
export interface Digester {
  update(chunk: Uint8Array): void;
  /** Lower-case hex, the same form the browser engine returns. */
  digest(): string;
}

function nodeDigester(algorithm: string): Digester {
  const hash = createHash(algorithm);
  return { update: (chunk) => hash.update(chunk), digest: () => hash.digest('hex') };
}

function crc32Digester(): Digester {
  let value = 0;
  return {
    update: (chunk) => {
      value = crc32(chunk, value);
    },
    digest: () => value.toString(16).padStart(8, '0'),
  };
}

/**
 * SM3 through hash-wasm, for runtimes whose crypto library lacks it. Electron links BoringSSL,
 * which has no SM3, while the Node that runs the tests links OpenSSL, which has it.
 */
export async function wasmSm3Digester(): Promise<Digester> {
  const hasher = await createSM3();
  hasher.init();
  return { update: (chunk) => hasher.update(chunk), digest: () => hasher.digest('hex') };
}

const nativeSm3 = getHashes().includes('sm3');

export async function createDigester(algorithm: HashAlgorithm): Promise<Digester> {
  switch (algorithm) {
    case 'crc32':
      return crc32Digester();
    case 'sm3':
      return nativeSm3 ? nodeDigester('sm3') : wasmSm3Digester();
    default:
      return nodeDigester(algorithm);
  }
}
