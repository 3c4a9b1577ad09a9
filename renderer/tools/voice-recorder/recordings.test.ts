import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createRecordings } from './recordings';
import type { RecordingRecord } from './recordings';

let counter = 0;
const fresh = () => createRecordings(`VoiceRecorder-test-${(counter += 1)}`);
const record = (id: string, createdAt: number, patch: Partial<RecordingRecord> = {}): RecordingRecord => ({
  id,
  name: id,
  mimeType: 'audio/webm;codecs=opus',
  duration: 0,
  size: 0,
  createdAt,
  state: 'recording',
  ...patch,
});
const bytes = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('recordings storage', () => {
  it('keeps a take chunk by chunk and joins the chunks in order', async () => {
    const store = fresh();
    const take = record('a', 1);
    await store.put(take);
    await store.append({ ...take, size: 2, duration: 1 }, 0, new Blob([new Uint8Array([1, 2])]));
    await store.append({ ...take, size: 3, duration: 2 }, 1, new Blob([new Uint8Array([3])]));
    await store.put({ ...take, size: 3, duration: 2.5, state: 'done' });
    const kept = await store.get('a');
    expect(kept).toMatchObject({ size: 3, duration: 2.5, state: 'done' });
    const blob = await store.blob(kept!);
    expect(await bytes(blob)).toEqual([1, 2, 3]);
    expect(blob.type).toBe('audio/webm;codecs=opus');
  });

  it('lists newest first, renames, and deletes a recording with its chunks only', async () => {
    const store = fresh();
    await store.add(record('old', 1, { state: 'done' }), new Blob([new Uint8Array([9])]));
    await store.add(record('new', 2, { state: 'done', mimeType: 'audio/wav' }), new Blob([new Uint8Array([7, 7])]));
    expect((await store.list()).map((item) => [item.id, item.size])).toEqual([
      ['new', 2],
      ['old', 1],
    ]);
    await store.put({ ...(await store.get('old'))!, name: '会议' });
    expect((await store.get('old'))?.name).toBe('会议');
    await store.remove('new');
    expect((await store.list()).map((item) => item.id)).toEqual(['old']);
    expect(await bytes(await store.blob((await store.get('old'))!))).toEqual([9]);
    expect(await store.database.run((db) => db.count('chunk'))).toBe(1);
  });

  it('recovers takes a closed page left unfinished, never the one running now', async () => {
    const store = fresh();
    const cut = record('cut', 1, { duration: 4, size: 10 });
    await store.append(cut, 0, new Blob([new Uint8Array(10)]));
    await store.put(record('running', 2));
    await store.put(record('done', 3, { state: 'done' }));
    const recovered = await store.recover((id) => id === 'running');
    expect(recovered.map((item) => item.id)).toEqual(['cut']);
    expect(await store.get('cut')).toMatchObject({ state: 'done', recovered: true, duration: 4, size: 10 });
    expect((await store.get('running'))?.state).toBe('recording');
    expect(await store.recover((id) => id === 'running')).toEqual([]);
    expect((await store.recover()).map((item) => item.id)).toEqual(['running']);
  });
});
