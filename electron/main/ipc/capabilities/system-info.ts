import { readSystemInfo } from '../../adapters/system-info';
import type { CapabilityIpc } from './types';

export function registerSystemInfo({ handle }: CapabilityIpc): void {
  handle('system:info', () => readSystemInfo());
}
