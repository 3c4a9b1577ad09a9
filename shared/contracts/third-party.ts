/**
 * Third-party services (spec §1): an ad script and a traffic-statistics script that run after every
 * route change, and a Sentry-compatible error-reporting service. Each is off unless the server names
 * it (AD_SCRIPT_URL, STATS_SCRIPT_URL, ERROR_REPORTING_DSN); the page reads them from the public
 * system config `thirdParty`, and the server's CSP admits exactly their hosts. No zod here: the
 * shell reads this on every page.
 */

/** The system config code under which /api/system/configs answers the configured services. */
export const THIRD_PARTY_CONFIG_CODE = 'thirdParty';

/** Only what is configured is present; an empty object means the site loads no third-party code. */
export interface ThirdPartyServices {
  adScriptUrl?: string;
  statsScriptUrl?: string;
  errorReportingDsn?: string;
}

/** Spec §9: traces sample rate 1, session replay 0.1, replay on error 1. */
export const ERROR_REPORTING_RATES = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

/** The origin (scheme, host, port) a configured address loads from or posts to, for the CSP. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
