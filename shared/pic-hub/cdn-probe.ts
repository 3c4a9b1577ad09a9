import { CDN_PROBE_TIMEOUT_MS } from '../contracts/pic-hub-base';
import type { CdnFileRef } from './cdn';

/**
 * The CDN probe of the setting tab (spec §7: HEAD, 30000 ms; docs/pic-hub.md "CDN probe"): every
 * candidate is asked at once for the same file, the first to answer wins and the others are
 * aborted; when none answers within the time limit the error's message is exactly
 * 'all cdnSite fail!' (spec §8).
 */

/** The spec's message, kept as the error's message; the page shows its translation. */
export const ALL_CDN_FAIL_MESSAGE = 'all cdnSite fail!';

/**
 * What to fetch when the user has no picture in the hub yet: a tagged file every GitHub CDN serves
 * (jQuery's release on GitHub, jsDelivr's own documented example). A picture of the user's hub is
 * better when there is one: it tests their repository and lets the image fallback work.
 */
export const CDN_PROBE_REFERENCE: CdnFileRef = { owner: 'jquery', repo: 'jquery', branch: '3.6.0', path: 'dist/jquery.min.js' };

export interface CdnProbeCandidate {
  /** The template's id. */
  id: string;
  url: string;
}

/** Resolves when the URL answered well, rejects otherwise; must stop when `signal` aborts. */
export type CdnProbe = (url: string, signal: AbortSignal) => Promise<void>;

export type CdnProbeOutcome = 'ok' | 'failed' | 'timeout' | 'cancelled';

export interface CdnProbeResult {
  id: string;
  outcome: CdnProbeOutcome;
  /** Milliseconds to the answer or the failure. */
  ms?: number;
  /** The probe's reason when it failed. */
  error?: string;
}

export interface CdnProbeOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Each candidate's result as it comes (the setting tab lists them). */
  onResult?: (result: CdnProbeResult) => void;
  now?: () => number;
}

export class CdnProbeFailed extends Error {
  override name = 'CdnProbeFailed';
  constructor(readonly results: CdnProbeResult[]) {
    super(ALL_CDN_FAIL_MESSAGE);
  }
}

function abortError(): Error {
  const error = new Error('The CDN probe was cancelled');
  error.name = 'AbortError';
  return error;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The fastest working candidate and every result; rejects with CdnProbeFailed or an AbortError. */
export function probeCdns(
  candidates: readonly CdnProbeCandidate[],
  probe: CdnProbe,
  { timeoutMs = CDN_PROBE_TIMEOUT_MS, signal, onResult, now = Date.now }: CdnProbeOptions = {},
): Promise<{ winner: CdnProbeResult; results: CdnProbeResult[] }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const started = now();
    const results = new Map<string, CdnProbeResult>();
    const controllers = candidates.map(() => new AbortController());
    let settled = false;

    const record = (result: CdnProbeResult) => {
      if (results.has(result.id)) return;
      results.set(result.id, result);
      onResult?.(result);
    };
    const listOf = () => candidates.map((candidate) => results.get(candidate.id) ?? { id: candidate.id, outcome: 'cancelled' as const });
    const finish = (rest: CdnProbeOutcome) => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      candidates.forEach((candidate, index) => {
        if (results.has(candidate.id)) return;
        record({ id: candidate.id, outcome: rest, ms: now() - started });
        controllers[index]?.abort();
      });
    };
    const onAbort = () => {
      if (settled) return;
      finish('cancelled');
      reject(abortError());
    };
    const timer = setTimeout(() => {
      if (settled) return;
      finish('timeout');
      reject(new CdnProbeFailed(listOf()));
    }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    if (candidates.length === 0) {
      finish('failed');
      return reject(new CdnProbeFailed([]));
    }
    candidates.forEach((candidate, index) => {
      const controller = controllers[index] as AbortController;
      let attempt: Promise<void>;
      try {
        attempt = probe(candidate.url, controller.signal);
      } catch (error) {
        attempt = Promise.reject(error);
      }
      attempt.then(
        () => {
          if (settled) return;
          const winner: CdnProbeResult = { id: candidate.id, outcome: 'ok', ms: now() - started };
          record(winner);
          finish('cancelled');
          resolve({ winner, results: listOf() });
        },
        (error: unknown) => {
          if (settled) return;
          record({ id: candidate.id, outcome: 'failed', ms: now() - started, error: reasonOf(error) });
          if (results.size === candidates.length) {
            finish('failed');
            reject(new CdnProbeFailed(listOf()));
          }
        },
      );
    });
  });
}

/** The part of fetch the probe uses, so browsers' fetch, Node's and a test double all fit. */
export type ProbeFetch = (
  url: string,
  init: { method: 'HEAD'; mode: 'cors'; cache: 'no-store'; redirect: 'follow'; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number }>;

/**
 * The page's probe: `HEAD` in CORS mode, so a 404 or a 5xx counts as a failure (no-cors answers are
 * opaque: a missing file would look like success). All built-in CDNs send
 * `Access-Control-Allow-Origin: *`. When the request itself fails — a user template on a host the
 * website's CSP `connect-src` does not list, a host without CORS headers, or no network — and
 * `loadImage` is given, the URL is loaded as an image instead (CSP `img-src` allows any https:
 * host); that works only when the URL is a picture, so the page probes one of the hub's pictures
 * when it has any.
 */
export function createHttpProbe(fetchFn: ProbeFetch, loadImage?: (url: string, signal: AbortSignal) => Promise<void>): CdnProbe {
  return async (url, signal) => {
    let response: { ok: boolean; status: number };
    try {
      response = await fetchFn(url, { method: 'HEAD', mode: 'cors', cache: 'no-store', redirect: 'follow', signal });
    } catch (error) {
      if (signal.aborted || !loadImage) throw error;
      return loadImage(url, signal);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  };
}
