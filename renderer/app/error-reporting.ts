import { browserTracingIntegration, init, replayIntegration } from '@sentry/browser';
import { ERROR_REPORTING_RATES } from '@shared/contracts/third-party';

/**
 * The error-reporting service (spec §1, §9), a chunk of its own loaded only when the server names a
 * DSN. Traces go only with calls to our own server (a relative address): another host's CORS rules
 * would refuse the tracing headers.
 */
export function startErrorReporting(dsn: string): void {
  init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [browserTracingIntegration(), replayIntegration()],
    tracePropagationTargets: [/^\/(?!\/)/],
    ...ERROR_REPORTING_RATES,
  });
}
