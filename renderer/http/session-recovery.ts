/**
 * The one token-refresh attempt of this page (spec §4: "Refresh is attempted only once per page").
 *
 * It lives at module level, not inside a client, because the page is the unit: several clients (or
 * several 40100 answers arriving together) must share one attempt, and only a reload — which
 * re-evaluates this module — starts a new page. Callers that arrive while or after the attempt ran
 * get the same outcome and start nothing of their own.
 */
let attempt: Promise<string> | undefined;

/** Runs `recover` the first time on this page; every call returns that first run's outcome. */
export function recoverSessionOnce(recover: () => Promise<string>): Promise<string> {
  attempt ??= recover();
  return attempt;
}
