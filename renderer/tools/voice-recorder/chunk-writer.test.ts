import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { StorageError } from '@/platform/storage';
import { ChunkWriter, storageProblem } from './chunk-writer';
import { createRecordings } from './recordings';
import type { RecordingRecord, Recordings } from './recordings';

let counter = 0;
const take = (id: string): RecordingRecord => ({
  id,
  name: id,
  mimeType: 'audio/webm;codecs=opus',
  duration: 0,
  size: 0,
  createdAt: 1,
  state: 'recording',
});
const chunk = (...bytes: number[]) => new Blob([new Uint8Array(bytes)]);
const bytes = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

/** A real store whose writes are refused (as a full disk refuses them) from chunk `fromIndex` on, and optionally the finished record. */
function failingStore(fromIndex: number, failFinal = false): { store: Recordings; real: Recordings } {
  const real = createRecordings(`VoiceRecorder-writer-${(counter += 1)}`);
  const full = new StorageError('quota', 'QuotaExceededError');
  const store: Recordings = {
    ...real,
    append: (record, index, blob) => (index >= fromIndex ? Promise.reject(full) : real.append(record, index, blob)),
    put: (record) => (failFinal && record.state === 'done' ? Promise.reject(full) : real.put(record)),
  };
  return { store, real };
}

describe('ChunkWriter', () => {
  it('stores every chunk in order and the finished record', async () => {
    const { store, real } = failingStore(Infinity);
    await store.put(take('a'));
    const errors: unknown[] = [];
    const writer = new ChunkWriter(store, (error) => errors.push(error));
    writer.write(chunk(1, 2), { ...take('a'), size: 2 });
    writer.write(chunk(3), { ...take('a'), size: 3 });
    const outcome = await writer.finish({ ...take('a'), size: 3, state: 'done' });
    expect(outcome).toMatchObject({ unsaved: [], error: undefined });
    expect(errors).toEqual([]);
    expect(await real.get('a')).toMatchObject({ state: 'done', size: 3 });
    expect(await bytes(await real.blob(outcome.record))).toEqual([1, 2, 3]);
  });

  it('a refused last chunk is reported once, kept in memory, and the take joins whole from storage and memory', async () => {
    const { store, real } = failingStore(2);
    await store.put(take('b'));
    const errors: unknown[] = [];
    const writer = new ChunkWriter(store, (error) => errors.push(error));
    writer.write(chunk(1), { ...take('b'), size: 1, duration: 1 });
    writer.write(chunk(2), { ...take('b'), size: 2, duration: 2 });
    writer.write(chunk(3, 4), { ...take('b'), size: 4, duration: 3 });
    const outcome = await writer.finish({ ...take('b'), size: 4, duration: 3.4, state: 'done' });
    expect(errors).toHaveLength(1);
    expect(storageProblem(outcome.error)).toBe('storageFull');
    expect(outcome.unsaved).toHaveLength(1);
    const whole = new Blob([await real.blob(outcome.record), ...outcome.unsaved]);
    expect(await bytes(whole)).toEqual([1, 2, 3, 4]);
    // The list shows the take as finished, as long as the part that was stored.
    expect(outcome.record).toMatchObject({ state: 'done', size: 2, duration: 2 });
    expect(await real.get('b')).toMatchObject({ state: 'done', size: 2, duration: 2 });
  });

  it('after a refusal, later chunks are not written out of order but kept in memory', async () => {
    const { store, real } = failingStore(1);
    await store.put(take('c'));
    const writer = new ChunkWriter(store, () => undefined);
    writer.write(chunk(1), { ...take('c'), size: 1 });
    writer.write(chunk(2), { ...take('c'), size: 2 });
    writer.write(chunk(3), { ...take('c'), size: 3 });
    const outcome = await writer.finish({ ...take('c'), size: 3, state: 'done' });
    expect(await bytes(await real.blob(outcome.record))).toEqual([1]);
    expect(await bytes(new Blob(outcome.unsaved))).toEqual([2, 3]);
  });

  it('a refused final record is reported, and the take stays "recording" for the next visit to recover', async () => {
    const { store, real } = failingStore(Infinity, true);
    await store.put(take('d'));
    const errors: unknown[] = [];
    const writer = new ChunkWriter(store, (error) => errors.push(error));
    writer.write(chunk(9), { ...take('d'), size: 1, duration: 1 });
    const outcome = await writer.finish({ ...take('d'), size: 1, duration: 1.2, state: 'done' });
    expect(errors).toHaveLength(1);
    expect(outcome.unsaved).toEqual([]);
    expect(await real.get('d')).toMatchObject({ state: 'recording', size: 1 });
    expect((await real.recover()).map((record) => record.id)).toEqual(['d']);
  });

  it('names a full disk apart from other storage errors', () => {
    expect(storageProblem(new StorageError('quota'))).toBe('storageFull');
    expect(storageProblem(new StorageError('failed'))).toBe('storageFailed');
    expect(storageProblem(new Error('boom'))).toBe('storageFailed');
  });
});
