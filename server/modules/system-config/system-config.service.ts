import { API_CODE } from '@shared/contracts/api';
import { HttpError } from '../../http/http-error';
import { DEFAULT_SYSTEM_CONFIGS } from './default-configs';
import type { StoredSystemConfig, SystemConfigRepository } from './system-config.repository';

export interface SystemConfigEntry {
  code: string;
  value: unknown;
}

const toEntry = (stored: StoredSystemConfig): SystemConfigEntry => ({ code: stored.code, value: JSON.parse(stored.value) });

export function createSystemConfigService(repository: SystemConfigRepository) {
  return {
    async list(codes: readonly string[] | undefined): Promise<SystemConfigEntry[]> {
      return (await repository.list(codes)).map(toEntry);
    },

    async getByCode(code: string): Promise<SystemConfigEntry> {
      const stored = await repository.findByCode(code);
      if (!stored) throw new HttpError(404, API_CODE.NOT_FOUND, `Unknown system config: ${code}`);
      return toEntry(stored);
    },

    async seedDefaults(now = new Date()): Promise<void> {
      for (const { code, value } of DEFAULT_SYSTEM_CONFIGS) {
        await repository.insertIfAbsent({ code, value: JSON.stringify(value) }, now);
      }
    },
  };
}

export type SystemConfigService = ReturnType<typeof createSystemConfigService>;
