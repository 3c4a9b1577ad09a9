import type { SecretsCapability, SecretStore } from '@shared/contracts/secrets';

/**
 * The website's secrets load with their first call: they bring IndexedDB (idb), which every tool
 * page would otherwise pay for through the platform index. A chunk that cannot be downloaded
 * rejects the call (`isComponentUnavailable` tells it), and the next call tries again.
 */
export function lazySecrets(load: () => Promise<SecretsCapability>): SecretsCapability {
  let loading: Promise<SecretsCapability> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    store: (namespace): SecretStore => ({
      durable: async () => (await get()).store(namespace).durable(),
      get: async (key) => (await get()).store(namespace).get(key),
      save: async (key, secret) => (await get()).store(namespace).save(key, secret),
      delete: async (key) => (await get()).store(namespace).delete(key),
    }),
  };
}
