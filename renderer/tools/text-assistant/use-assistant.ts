import { isComponentUnavailable } from '@/lib/load-failure';
import { useEffect, useState } from 'react';
import { inputStats, outputStats, runChain } from './assistant-client';
import type { RunOutcome } from './assistant-client';
import type { Step } from './chain-schema';
import type { TextStats } from './stats';

/** `value`, updated only after it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface ChainState {
  outcome: RunOutcome | undefined;
  /** The text and steps `outcome` belongs to are no longer the current ones. */
  running: boolean;
}

/** Runs the chain in the worker whenever the text or the steps change; keeps the last outcome while the next one is computed. */
export function useChainOutput(text: string, steps: readonly Step[]): ChainState {
  const [state, setState] = useState<{ outcome: RunOutcome | undefined; for: unknown[] }>({ outcome: undefined, for: [] });
  useEffect(() => {
    let current = true;
    runChain(text, steps).then(
      (outcome) => {
        if (current && outcome) setState({ outcome, for: [text, steps] });
      },
      (error: unknown) => {
        if (current)
          setState({
            outcome: isComponentUnavailable(error)
              ? { ok: false, error: 'componentUnavailable' }
              : { ok: false, error: 'unknown', detail: error instanceof Error ? error.message : String(error) },
            for: [text, steps],
          });
      },
    );
    return () => {
      current = false;
    };
  }, [text, steps]);
  return { outcome: state.outcome, running: state.for[0] !== text || state.for[1] !== steps };
}

/** Statistics of `text` from the stats worker; `counting` while they are being recomputed. */
export function useStats(text: string | undefined, which: 'input' | 'output'): { stats: TextStats | undefined; counting: boolean } {
  const [state, setState] = useState<{ stats: TextStats | undefined; for: string | undefined }>({ stats: undefined, for: undefined });
  useEffect(() => {
    if (text === undefined) return undefined;
    let current = true;
    (which === 'input' ? inputStats : outputStats)(text).then(
      (stats) => {
        if (current && stats) setState({ stats, for: text });
      },
      // Counting cannot fail on a string; if the worker itself dies, stop saying "counting".
      () => {
        if (current) setState({ stats: undefined, for: text });
      },
    );
    return () => {
      current = false;
    };
  }, [text, which]);
  return { stats: state.stats, counting: text !== undefined && state.for !== text };
}
