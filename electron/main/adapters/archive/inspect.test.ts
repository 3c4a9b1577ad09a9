import { beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import type * as Process from './process';
import type { RunResult } from './process';

/**
 * What 7-Zip printed is set per test: no real archive makes 7-Zip count more failed items than it
 * names today (main keeps its error output whole), so the guard against a name going unprinted is
 * checked on the output itself.
 */
let printed: RunResult;
vi.mock('./process', async (original) => ({
  ...(await original<typeof Process>()),
  runSevenZip: vi.fn(() => Promise.resolve(printed)),
}));
const { SevenZipRun } = await import('./inspect');

const engine = { modulePath: '/nowhere/7z-wasm', workerUrl: new URL('file:///nowhere/worker.js') };
const extracting = () => new SevenZipRun(engine, '/in/x.zip', undefined, undefined, 'zip').extracting(['x', '-o/out']);

const failed = (names: string[], count: number): RunResult => ({
  exitCode: 2,
  output: ['Extracting archive: /in/x.zip', ...names.map((name) => `ERROR: CRC Failed : ${name}`), `Sub items Errors: ${count}`].join('\n'),
});

describe('SevenZipRun.extracting with damaged entries', () => {
  beforeEach(() => {
    printed = { exitCode: 0, output: 'Everything is Ok' };
  });

  it('names the damaged entries when 7-Zip names every failed item', async () => {
    printed = failed(['a.txt', 'docs/b.txt'], 2);
    await expect(extracting()).resolves.toEqual({ damaged: ['a.txt', 'docs/b.txt'] });
  });

  it('fails the whole extraction as corrupt when 7-Zip counts more failed items than it names', async () => {
    // A file left unnamed would stay in the extraction as if it were sound.
    printed = failed(['a.txt'], 2);
    const outcome = await extracting().catch((error: unknown) => error);
    expect(archiveErrorCode(outcome)).toBe('corrupt');
  });

  it('a sound run reports nothing damaged', async () => {
    await expect(extracting()).resolves.toEqual({ damaged: [] });
  });
});
