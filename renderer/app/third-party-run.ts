/**
 * The third-party services' work (spec §1), loaded after the first paint by third-party.ts: what
 * the server configured, and running the scripts. With nothing configured the page makes one
 * request to its own server and loads nothing else.
 */
import { THIRD_PARTY_CONFIG_CODE } from '@shared/contracts/third-party';
import type { ThirdPartyServices } from '@shared/contracts/third-party';
import { apiUrl } from '@/platform/host';

/** The configured services from the answer of /api/system/configs/code/thirdParty; anything odd is left out. */
export function servicesFrom(answer: unknown): ThirdPartyServices {
  const value = (answer as { data?: { value?: Record<string, unknown> } } | null)?.data?.value ?? {};
  const address = (key: keyof ThirdPartyServices) => {
    const url = value[key];
    return typeof url === 'string' && /^https?:\/\/[^/]/i.test(url) ? { [key]: url } : {};
  };
  return { ...address('adScriptUrl'), ...address('statsScriptUrl'), ...address('errorReportingDsn') };
}

let loading: Promise<ThirdPartyServices> | undefined;

/** One quiet request per page load, outside the API client (no axios on the home page). */
function loadServices(): Promise<ThirdPartyServices> {
  loading ??= fetch(`${apiUrl}/api/system/configs/code/${THIRD_PARTY_CONFIG_CODE}`)
    .then((response) => (response.ok ? response.json() : null))
    .then(servicesFrom, () => {
      loading = undefined;
      return {};
    });
  return loading;
}

export type ScriptRole = 'ad' | 'stats';

/**
 * Runs a service's script again: a fresh element executes anew (from the browser's cache), which is
 * how such services count a page view or fill the new page's ad places; the previous element goes.
 */
export function runScript(role: ScriptRole, url: string, doc: Document = document): void {
  doc.querySelectorAll(`script[data-third-party="${role}"]`).forEach((old) => old.remove());
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.thirdParty = role;
  doc.head.append(script);
}

/** What runs after a route change (spec §1): the statistics script always, the ad script unless the page hides ads. */
export function scriptsFor(services: ThirdPartyServices, hideAds: boolean): [ScriptRole, string][] {
  return [
    ...(services.statsScriptUrl ? [['stats', services.statsScriptUrl] as [ScriptRole, string]] : []),
    ...(services.adScriptUrl && !hideAds ? [['ad', services.adScriptUrl] as [ScriptRole, string]] : []),
  ];
}

let reporting = false;

/** After a route change (third-party.ts): the scripts this page runs, and error reporting once. */
export async function runThirdParty(hideAds: boolean): Promise<void> {
  const services = await loadServices();
  for (const [role, url] of scriptsFor(services, hideAds)) runScript(role, url);
  if (services.errorReportingDsn && !reporting) {
    reporting = true;
    const { startErrorReporting } = await import('./error-reporting');
    startErrorReporting(services.errorReportingDsn);
  }
}
