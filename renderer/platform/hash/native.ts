import type { HashCapability } from '@shared/contracts/hash';
import type { NativeApi } from '@shared/contracts/native';

export function createNativeHash(native: NativeApi): HashCapability {
  return {
    engine: 'native',
    hashFile: (file, { algorithms, onProgress }) => native.hash.hashFile(file, algorithms, crypto.randomUUID(), onProgress),
  };
}
