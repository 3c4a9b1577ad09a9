import type { TokenStoreCapability } from '@shared/contracts/tokens';
import type { CapabilityIpc } from './types';

export function registerTokens({ handle }: CapabilityIpc, tokens: TokenStoreCapability): void {
  handle('tokens:load', () => tokens.load());
  handle('tokens:save', (stored) => tokens.save(stored));
  handle('tokens:clear', () => tokens.clear());
}
