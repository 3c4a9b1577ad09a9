import {
  EMPTY_WELFARE,
  ENTERPRISE_CONFIG_CODE,
  ENTERPRISE_FIELDS,
  WELFARE_CONFIG_CODE,
  WELFARE_TAB_IDS,
} from '@shared/contracts/site-content-base';
import type { EnterpriseInfo, WelfareConfig, WelfareItem } from '@shared/contracts/site-content-base';
import { apiUrl } from '@/platform/host';

export interface SiteContent {
  welfare: WelfareConfig;
  enterprise: EnterpriseInfo;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

function welfareItem(value: unknown): WelfareItem[] {
  const item = value as Record<string, unknown> | null;
  const title = text(item?.title);
  const payload = text(item?.payload);
  if (!title || !payload) return [];
  const image = text(item?.image);
  const note = text(item?.note);
  return [{ title, payload, ...(image && /^https?:\/\//i.test(image) ? { image } : {}), ...(note ? { note } : {}) }];
}

/**
 * The two configs out of the list call's answer. The server checked them on save; this only keeps a
 * page from breaking on an answer of another shape (an older server, a proxy's error page), without
 * zod, which stays off every page's first load.
 */
export function siteContentFrom(answer: unknown): SiteContent {
  const entries = (answer as { data?: unknown } | null)?.data;
  const valueOf = (code: string) =>
    (Array.isArray(entries) ? entries : []).find((entry: { code?: unknown }) => entry?.code === code)?.value as
      Record<string, unknown> | undefined;
  const welfare = valueOf(WELFARE_CONFIG_CODE);
  const enterprise = valueOf(ENTERPRISE_CONFIG_CODE);
  return {
    welfare: Object.fromEntries(
      WELFARE_TAB_IDS.map((id) => [id, Array.isArray(welfare?.[id]) ? (welfare[id] as unknown[]).flatMap(welfareItem) : []]),
    ) as WelfareConfig,
    enterprise: Object.fromEntries(ENTERPRISE_FIELDS.flatMap((field) => (text(enterprise?.[field]) ? [[field, enterprise?.[field]]] : []))),
  };
}

const EMPTY: SiteContent = { welfare: EMPTY_WELFARE, enterprise: {} };

let loading: Promise<SiteContent> | undefined;

/**
 * One quiet request per page load, outside the API client (no axios in the first load): an
 * unreachable server (offline, the desktop without its API) only keeps the widget and drawer hidden.
 */
export function loadSiteContent(): Promise<SiteContent> {
  loading ??= fetch(`${apiUrl}/api/system/configs/list?codes=${WELFARE_CONFIG_CODE}&codes=${ENTERPRISE_CONFIG_CODE}`)
    .then((response) => (response.ok ? response.json() : null))
    .then(siteContentFrom, () => {
      loading = undefined;
      return EMPTY;
    });
  return loading;
}
