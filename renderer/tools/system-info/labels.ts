import type { TFunction } from 'i18next';
import { formatFileSize } from '@/lib/format';
import type { NativeDisk } from '@/platform';
import type { SectionId, TextLabels } from './system-info.service';

type T = TFunction<'system-info'>;

const BYTES = new Set(['quotaBytes', 'usageBytes', 'totalMemory', 'freeMemory']);
const UNITS: Record<string, 'mbps' | 'ms' | 'gb' | 'bit'> = { downlinkMbps: 'mbps', rttMs: 'ms', memoryGb: 'gb', colorDepth: 'bit' };

/** Section titles, field names and values in the page's language, shared by the cards and the text copy. */
export function reportLabels(t: T): TextLabels {
  return {
    section: (id) => t(`sections.${id}`),
    // Feature names (WebGPU, WebRTC…) are the APIs' own names in both languages.
    field: (section, key) => (section === 'features' ? key : t(`fields.${section as 'browser'}.${key as 'browser'}`)),
    value: (section, key, value) => formatValue(t, section, key, value),
  };
}

function formatValue(t: T, section: SectionId, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('notAvailable');
  if (section === 'features') return value ? t('supported') : t('unsupported');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (key === 'disks') {
    const disks = value as NativeDisk[];
    return disks.map(({ path, free, total }) => t('disk', { path, free: formatFileSize(free), total: formatFileSize(total) })).join('; ');
  }
  if (typeof value === 'number' && BYTES.has(key)) return formatFileSize(value);
  if (typeof value === 'number' && UNITS[key]) return t(`units.${UNITS[key]}`, { value });
  if (key === 'deviceType' && typeof value === 'string' && ['desktop', 'mobile', 'tablet', 'tv'].includes(value)) {
    return t(`deviceTypes.${value as 'desktop'}`);
  }
  return String(value);
}
