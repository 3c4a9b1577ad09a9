import { appInfo } from '../../adapters/app-info';
import type { CapabilityIpc } from './types';

export function registerApp({ handle }: CapabilityIpc, version: string): void {
  handle('app:info', () => appInfo(version));
}
