import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Identified } from './encoding-core';
import type * as Client from './encoding-client';
import type { Outcome } from './encoding.worker';

const identified = {
  detection: { encoding: 'UTF-8', confidence: 1, reason: 'utf8', candidates: [] },
  sampleOffset: 0,
  preview: 'text',
  lineEndings: { crlf: 0, lf: 1, cr: 0 },
} as unknown as Identified;

/**
 * A stand-in for the worker. Calls made together share one worker "life": when it ends, either all
 * are answered or — if one of them is a poison file, or the script cannot load — all fail with
 * WorkerCrashed, as the real client fails every call a broken worker still owed.
 */
let brokenScript = false;
let life: Array<{ file: File; resolve: (outcome: Outcome<Identified>) => void; reject: (error: Error) => void }> | undefined;
const calls: string[] = [];

vi.mock('./encoding-client', async (importOriginal) => {
  const real = await importOriginal<typeof Client>();
  return {
    ...real,
    encodingWorker: () => ({
      identify: (file: File) =>
        new Promise<Outcome<Identified>>((resolve, reject) => {
          calls.push(file.name);
          if (!life) {
            life = [];
            setTimeout(() => {
              const owed = life!;
              life = undefined;
              const crash = brokenScript || owed.some((call) => call.file.name.startsWith('poison'));
              for (const call of owed) {
                if (crash) call.reject(new real.WorkerCrashed('error'));
                else
                  call.resolve(
                    call.file.name.startsWith('unreadable') ? { ok: false, error: 'unreadable' } : { ok: true, value: identified },
                  );
              }
            }, 1);
          }
          life.push({ file, resolve, reject });
        }),
      preview: () => Promise.reject(new real.WorkerCrashed('error')),
      convert: () => Promise.reject(new real.WorkerCrashed('error')),
    }),
  };
});

// The store remembers the BOM setting in localStorage, which Node lacks.
const saved = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => saved.get(key) ?? null,
  setItem: (key: string, value: string) => void saved.set(key, value),
  removeItem: (key: string) => void saved.delete(key),
});
const { useFileEncodingStore } = await import('./file-encoding-identify.store');

const file = (name: string) => new File(['text\n'], name);
const rows = () => useFileEncodingStore.getState().rows;
const settled = () =>
  vi.waitFor(() => expect(rows().every((row) => row.status === 'done' || row.status === 'error')).toBe(true), { timeout: 5000 });

afterEach(() => {
  useFileEncodingStore.getState().clear();
  brokenScript = false;
  calls.length = 0;
});

describe('identify in the encoding store', () => {
  it('fails only the file that crashed the worker; the rest of the batch finishes', async () => {
    useFileEncodingStore.getState().addFiles([file('a.txt'), file('poison.txt'), file('b.txt'), file('unreadable.txt')]);
    await settled();
    expect(rows().map((row) => [row.name, row.status, row.errorCode])).toEqual([
      ['a.txt', 'done', undefined],
      ['poison.txt', 'error', 'workerFailed'],
      ['b.txt', 'done', undefined],
      ['unreadable.txt', 'error', 'unreadable'],
    ]);
    expect(rows()[0]?.chosen).toBe('UTF-8');
    // Everyone once, then one retry each on a fresh worker.
    expect(calls).toEqual(['a.txt', 'poison.txt', 'b.txt', 'unreadable.txt', 'a.txt', 'poison.txt', 'b.txt', 'unreadable.txt']);
  });

  it('ends every row with a translated error when the worker cannot start at all, instead of "running" for ever', async () => {
    brokenScript = true;
    useFileEncodingStore.getState().addFiles([file('a.txt'), file('b.txt')]);
    await settled();
    expect(rows().map((row) => [row.status, row.errorCode])).toEqual([
      ['error', 'workerFailed'],
      ['error', 'workerFailed'],
    ]);
  });

  it('a preview for a newly chosen encoding that cannot be made ends as an error too', async () => {
    useFileEncodingStore.getState().addFiles([file('a.txt')]);
    await settled();
    useFileEncodingStore.getState().choose(rows()[0]!.id, 'GBK');
    await vi.waitFor(() => expect(rows()[0]).toMatchObject({ status: 'error', errorCode: 'workerFailed', chosen: 'GBK' }));
  });

  it('takes files on a plain-http LAN address, where crypto.randomUUID does not exist', async () => {
    const randomUUID = vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not a function');
    });
    try {
      useFileEncodingStore.getState().addFiles([file('a.txt'), file('b.txt')]);
      await settled();
      expect(new Set(rows().map((row) => row.id)).size).toBe(2);
      expect(rows().map((row) => row.status)).toEqual(['done', 'done']);
    } finally {
      randomUUID.mockRestore();
    }
  });
});
