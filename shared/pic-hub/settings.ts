import { LINK_FORMATS, RENAME_TYPES } from '../contracts/pic-hub-base';
import type { CdnTemplate, LinkFormat, PicHubSettings, RenameType } from '../contracts/pic-hub-base';
import {
  BUILTIN_CDN_TEMPLATES,
  CDN_USER_TEMPLATES_MAX,
  checkCdnName,
  checkCdnTemplate,
  DEFAULT_CDN_ID,
  userCdnTemplate,
  withOneActive,
} from './cdn';
import { checkRenamePattern, DEFAULT_RENAME_PATTERN } from './rename';

/**
 * PicHub settings (spec §3) and their two texts on the server (spec §7 `settings/mine/save`:
 * `settings` and `githubCdns` as JSON). Whatever comes back — an older version's record, a damaged
 * localStorage entry, another client's extra fields — is read field by field: a bad field takes its
 * default and the rest is kept.
 */

const PRESET_ID_MAX_LENGTH = 100;

/** Spec §9: rename HASH with compression on; links in Markdown; ChinaJsDelivr active. */
export function defaultPicHubSettings(): PicHubSettings {
  return {
    renameType: 'HASH',
    renamePattern: DEFAULT_RENAME_PATTERN,
    compression: true,
    linkFormat: 'markdown',
    githubCdns: BUILTIN_CDN_TEMPLATES.map((template) => ({ ...template })),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON text or an already parsed value; anything unreadable is `undefined`. */
function readJson(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return undefined;
  }
}

const presetId = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length <= PRESET_ID_MAX_LENGTH ? value : undefined;

/**
 * The built-ins always come from this code (a fixed mirror reaches every user), the user's own
 * templates from the stored list when they pass the same checks as the form; the stored active id
 * wins when it still names a template.
 */
export function parseCdnList(input: unknown): CdnTemplate[] {
  const stored = readJson(input);
  const items = Array.isArray(stored) ? stored.filter(isRecord) : [];
  const list: CdnTemplate[] = BUILTIN_CDN_TEMPLATES.map((template) => ({ ...template }));
  for (const item of items) {
    if (list.length - BUILTIN_CDN_TEMPLATES.length >= CDN_USER_TEMPLATES_MAX) break;
    const { id, name, tpl } = item;
    if (typeof id !== 'string' || !id || typeof name !== 'string' || typeof tpl !== 'string') continue;
    if (list.some((template) => template.id === id)) continue;
    if (checkCdnName(name, list) || !checkCdnTemplate(tpl).ok) continue;
    list.push(userCdnTemplate(id, name, tpl));
  }
  const active = items.find((item) => item.active === true)?.id;
  return withOneActive(list, typeof active === 'string' ? active : DEFAULT_CDN_ID);
}

/** Settings from JSON text or a value (localStorage, the server); `githubCdns` may come separately. */
export function parseSettings(input: unknown, githubCdns?: unknown): PicHubSettings {
  const defaults = defaultPicHubSettings();
  const stored = readJson(input);
  const value = isRecord(stored) ? stored : {};
  const renamePattern =
    typeof value.renamePattern === 'string' && checkRenamePattern(value.renamePattern).ok ? value.renamePattern : defaults.renamePattern;
  const settings: PicHubSettings = {
    renameType: RENAME_TYPES.includes(value.renameType as RenameType) ? (value.renameType as RenameType) : defaults.renameType,
    renamePattern,
    compression: typeof value.compression === 'boolean' ? value.compression : defaults.compression,
    linkFormat: LINK_FORMATS.includes(value.linkFormat as LinkFormat) ? (value.linkFormat as LinkFormat) : defaults.linkFormat,
    githubCdns: parseCdnList(githubCdns ?? value.githubCdns),
  };
  const compressPresetId = presetId(value.compressPresetId);
  const watermarkPresetId = presetId(value.watermarkPresetId);
  if (compressPresetId) settings.compressPresetId = compressPresetId;
  if (watermarkPresetId) settings.watermarkPresetId = watermarkPresetId;
  return settings;
}

/** The body of `POST /api/busi/pic-hub/settings/mine/save`. */
export function settingsToServer(settings: PicHubSettings): { settings: string; githubCdns: string } {
  const { githubCdns, ...rest } = settings;
  // Built-ins are stored by id and active flag only: their URLs come from the code on reading.
  const cdns = githubCdns.map((template) => (template.isBuiltin ? { id: template.id, active: template.active } : template));
  return { settings: JSON.stringify(rest), githubCdns: JSON.stringify(cdns) };
}

/** The answer of `GET /api/busi/pic-hub/settings/mine` (null or missing texts: the defaults). */
export function settingsFromServer(record: { settings?: string | null; githubCdns?: string | null } | null | undefined): PicHubSettings {
  return parseSettings(record?.settings ?? undefined, record?.githubCdns ?? undefined);
}
