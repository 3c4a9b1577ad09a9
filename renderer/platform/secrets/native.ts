import type { NativeApi } from '@shared/contracts/native';
import type { SecretsCapability } from '@shared/contracts/secrets';

/** The desktop's secrets: main keeps one OS-encrypted file per namespace (safeStorage). */
export function createNativeSecrets(native: NativeApi): SecretsCapability {
  const api = native.secrets;
  return {
    store: (namespace) => ({
      durable: () => api.durable(namespace),
      get: (key) => api.get(namespace, key),
      save: (key, secret) => api.save(namespace, key, secret),
      delete: (key) => api.delete(namespace, key),
    }),
  };
}
