import { expose, transfer } from 'comlink';
import { chainProblem, chainSchema, MAX_INPUT_BYTES } from './chain-schema';
import { loadChineseConverter } from './chinese-convert';
import type { ChineseConverter } from './chinese-convert';
import { encodeGbk } from './gbk';
import { computeStats, utf8ByteLength } from './stats';
import type { TextStats } from './stats';
import { applyChain, ChainError, chineseModesOf } from './text-assistant.service';
import type { ChainErrorCode, ChainResult } from './text-assistant.service';

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason for the translated message. */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: ChainErrorCode | 'tooLarge' | 'invalidChain' | 'converterFailed' | 'unknown'; stepIndex?: number; detail?: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function run(text: string, steps: unknown): Promise<Outcome<ChainResult>> {
  if (utf8ByteLength(text) > MAX_INPUT_BYTES) return { ok: false, error: 'tooLarge' };
  const chain = chainSchema.safeParse(steps);
  if (!chain.success) return { ok: false, error: 'invalidChain', detail: chainProblem(steps) };
  const converters = new Map<string, ChineseConverter>();
  try {
    for (const mode of chineseModesOf(chain.data)) converters.set(mode, await loadChineseConverter(mode));
  } catch (error) {
    return { ok: false, error: 'converterFailed', detail: message(error) };
  }
  try {
    return { ok: true, value: applyChain(text, chain.data, { convertChinese: (mode, input) => converters.get(mode)!(input) }) };
  } catch (error) {
    if (error instanceof ChainError) return { ok: false, error: error.code, stepIndex: error.stepIndex, detail: error.detail };
    // Out of memory on a huge result, mostly: say so rather than leave the page waiting.
    return { ok: false, error: 'unknown', detail: message(error) };
  }
}

/** Loads the dictionaries a chain needs; the page does this before the timed run, so a slow network never looks like a runaway regex. */
async function prepare(steps: unknown): Promise<Outcome<null>> {
  const chain = chainSchema.safeParse(steps);
  if (!chain.success) return { ok: false, error: 'invalidChain', detail: chainProblem(steps) };
  try {
    await Promise.all(chineseModesOf(chain.data).map(loadChineseConverter));
    return { ok: true, value: null };
  } catch (error) {
    return { ok: false, error: 'converterFailed', detail: message(error) };
  }
}

/** What the text assistant's workers offer the page: the chain runner and the counters. */
export const assistantWorkerApi = {
  prepare,
  run,
  stats: (text: string): TextStats => computeStats(text),
  encodeGbk: (text: string) => {
    const encoded = encodeGbk(text);
    return transfer(encoded, [encoded.bytes.buffer]);
  },
};

export type AssistantWorkerApi = typeof assistantWorkerApi;

expose(assistantWorkerApi);
