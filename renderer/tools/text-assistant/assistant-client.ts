import { WorkerClient } from '@/lib/worker-client';
import type { Step } from './chain-schema';
import type { TextStats } from './stats';
import { hasUserRegex } from './text-assistant.service';
import type { ChainResult } from './text-assistant.service';
import type { AssistantWorkerApi, Outcome } from './text-assistant.worker';

/**
 * Two workers: one runs chains and can be killed when a chain runs away (a catastrophic regex
 * never returns, and JavaScript cannot interrupt it from inside), the other counts statistics,
 * which on a multi-MB text take seconds but always finish.
 */
const slot = (name: string) =>
  new WorkerClient<AssistantWorkerApi>(() => new Worker(new URL('./text-assistant.worker.ts', import.meta.url), { type: 'module', name }));
const chainSlot = slot('text-assistant-chain');
const statsSlot = slot('text-assistant-stats');

/** The time a chain with a user regex may take once its dictionaries are loaded: 3 s plus 0.5 s per million characters (a 20 MB text gets ~13 s). */
export function chainTimeoutMs(text: string): number {
  return 3000 + Math.ceil(text.length / 1_000_000) * 500;
}

export type RunOutcome =
  | Outcome<ChainResult>
  | { ok: false; error: 'timeout'; seconds: number }
  /** The chain worker's script (or the dictionaries' chunk it imports) could not be downloaded. */
  | { ok: false; error: 'componentUnavailable' };

/**
 * Keeps at most one call in flight and one waiting: a newer request replaces the waiting one,
 * whose promise resolves to null. Typing into a multi-MB text so runs once per pause, not once
 * per keystroke queued behind each other.
 */
function latestOnly<Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>) {
  let running = false;
  let waiting: { args: Args; resolve: (value: Result | null) => void; reject: (reason: unknown) => void } | undefined;
  const pump = () => {
    if (running || !waiting) return;
    const job = waiting;
    waiting = undefined;
    running = true;
    work(...job.args)
      .then(job.resolve, job.reject)
      .finally(() => {
        running = false;
        pump();
      });
  };
  return (...args: Args) =>
    new Promise<Result | null>((resolve, reject) => {
      waiting?.resolve(null);
      waiting = { args, resolve, reject };
      pump();
    });
}

async function runWithTimeout(text: string, steps: readonly Step[]): Promise<RunOutcome> {
  const prepared = await chainSlot.api.prepare(steps);
  if (!prepared.ok) return prepared;
  if (!hasUserRegex(steps)) return chainSlot.api.run(text, steps);
  const limit = chainTimeoutMs(text);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RunOutcome>((resolve) => {
    timer = setTimeout(() => {
      // Answered before the worker ends, so the race hears the timeout, not the ended worker's call.
      resolve({ ok: false, error: 'timeout', seconds: Math.round(limit / 1000) });
      // The only way to stop a backtracking regex: drop the worker; the next run starts a fresh one.
      chainSlot.terminate('timeout');
    }, limit);
  });
  try {
    return await Promise.race([chainSlot.api.run(text, steps), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a chain in the chain worker; null when a newer request superseded this one before it started. */
export const runChain = latestOnly(runWithTimeout);

export const inputStats = latestOnly((text: string): Promise<TextStats> => statsSlot.api.stats(text));
export const outputStats = latestOnly((text: string): Promise<TextStats> => statsSlot.api.stats(text));

export function encodeGbkInWorker(text: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; unencodable: number }> {
  return statsSlot.api.encodeGbk(text);
}
