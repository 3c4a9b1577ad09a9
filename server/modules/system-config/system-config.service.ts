import { API_CODE } from '@shared/contracts/api';
import { isSiteContentCode, SITE_CONTENT_SCHEMAS } from '@shared/contracts/site-content';
import { HttpError } from '../../http/http-error';
import { DEFAULT_SYSTEM_CONFIGS } from './default-configs';
import type { StoredSystemConfig, SystemConfigRepository } from './system-config.repository';

export interface SystemConfigEntry {
  code: string;
  value: unknown;
}

const toEntry = (stored: StoredSystemConfig): SystemConfigEntry => ({ code: stored.code, value: JSON.parse(stored.value) });

/** `fromEnvironment`: configs the server's settings decide (EXTERNAL_TOOLS); they win over a stored row of the same code. */
export function createSystemConfigService(repository: SystemConfigRepository, fromEnvironment: readonly SystemConfigEntry[] = []) {
  const fixed = new Map(fromEnvironment.map((entry) => [entry.code, entry]));
  return {
    async list(codes: readonly string[] | undefined): Promise<SystemConfigEntry[]> {
      const stored = (await repository.list(codes)).map(toEntry).filter((entry) => !fixed.has(entry.code));
      const wanted = fromEnvironment.filter((entry) => !codes || codes.includes(entry.code));
      return [...stored, ...wanted].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    },

    async getByCode(code: string): Promise<SystemConfigEntry> {
      const known = fixed.get(code);
      if (known) return known;
      const stored = await repository.findByCode(code);
      if (!stored) throw new HttpError(404, API_CODE.NOT_FOUND, `Unknown system config: ${code}`);
      return toEntry(stored);
    },

    /** The admin's edit: only the site-content codes, each checked by its schema and stored as parsed. */
    async update(code: string, value: unknown, now = new Date()): Promise<SystemConfigEntry> {
      if (!isSiteContentCode(code)) throw new HttpError(400, API_CODE.BAD_REQUEST, { key: 'siteContent.unknownCode' });
      const parsed = SITE_CONTENT_SCHEMAS[code].parse(value);
      await repository.upsert({ code, value: JSON.stringify(parsed) }, now);
      return { code, value: parsed };
    },

    async seedDefaults(now = new Date()): Promise<void> {
      for (const { code, value } of DEFAULT_SYSTEM_CONFIGS) {
        await repository.insertIfAbsent({ code, value: JSON.stringify(value) }, now);
      }
    },
  };
}

export type SystemConfigService = ReturnType<typeof createSystemConfigService>;
