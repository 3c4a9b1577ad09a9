import { z } from 'zod';
import { originOf } from '@shared/contracts/third-party';
import type { ThirdPartyServices } from '@shared/contracts/third-party';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * https only: a script or collector on plain http could be rewritten by anyone on the way. Loopback
 * is the exception (a collector beside a self-hosted instance, the e2e tests' second origin).
 */
const secureAddress = (text: string) => {
  // zod runs refinements after a failed z.url() too; that failure already names the problem.
  if (!URL.canParse(text)) return true;
  const url = new URL(text);
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
};

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);
const scriptUrl = z.preprocess(
  unsetWhenEmpty,
  z.url().refine(secureAddress, 'must be an https:// URL (http:// only on a loopback host)').optional(),
);
const dsn = z.preprocess(
  unsetWhenEmpty,
  z
    .url()
    .refine(secureAddress, 'must be an https:// URL (http:// only on a loopback host)')
    // A Sentry DSN: the public key as the user name, the project id as the last path segment.
    .refine((text) => {
      if (!URL.canParse(text)) return true;
      const url = new URL(text);
      return url.username !== '' && /\/[^/]+$/.test(url.pathname);
    }, 'must be a Sentry DSN such as https://<public key>@<host>/<project id>')
    .optional(),
);

/** Spread into the server's environment schema (server/config.ts). */
export const thirdPartyEnv = {
  AD_SCRIPT_URL: scriptUrl,
  STATS_SCRIPT_URL: scriptUrl,
  ERROR_REPORTING_DSN: dsn,
};

export function thirdPartyServices(settings: {
  AD_SCRIPT_URL?: string;
  STATS_SCRIPT_URL?: string;
  ERROR_REPORTING_DSN?: string;
}): ThirdPartyServices {
  return {
    ...(settings.AD_SCRIPT_URL ? { adScriptUrl: settings.AD_SCRIPT_URL } : {}),
    ...(settings.STATS_SCRIPT_URL ? { statsScriptUrl: settings.STATS_SCRIPT_URL } : {}),
    ...(settings.ERROR_REPORTING_DSN ? { errorReportingDsn: settings.ERROR_REPORTING_DSN } : {}),
  };
}

/**
 * What the CSP must admit for the configured services, and nothing when none is: the scripts' hosts
 * may load scripts and be called (a statistics beacon), the error reporter's host may be called.
 * The reporting SDK itself is one of our own chunks.
 */
export function thirdPartyCspOrigins(services: ThirdPartyServices): { script: string[]; connect: string[] } {
  const scripts = [services.adScriptUrl, services.statsScriptUrl].filter((url) => url !== undefined).map(originOf);
  const reporter = services.errorReportingDsn ? [originOf(services.errorReportingDsn)] : [];
  const unique = (origins: string[]) => [...new Set(origins)];
  return { script: unique(scripts), connect: unique([...scripts, ...reporter]) };
}
