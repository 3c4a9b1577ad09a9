import type { SecretsCapability } from '@shared/contracts/secrets';
import type { CapabilityIpc } from './types';

/** Tokens, passwords and keys per namespace (`platform.secrets` on the desktop). */
export function registerSecrets({ handle }: CapabilityIpc, secrets: SecretsCapability): void {
  handle('secrets:durable', ({ namespace }) => secrets.store(namespace).durable());
  handle('secrets:get', ({ namespace, key }) => secrets.store(namespace).get(key));
  handle('secrets:save', ({ namespace, key, secret }) => secrets.store(namespace).save(key, secret));
  handle('secrets:delete', ({ namespace, key }) => secrets.store(namespace).delete(key));
}
