import type { HashCapability } from '@shared/contracts/hash';

export const browserHash: HashCapability = {
  engine: 'browser',
  hashFile: () => Promise.reject(new Error('browser hashing lands with the file hasher')),
};
