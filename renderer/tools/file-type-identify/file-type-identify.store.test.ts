import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentifyOutcome } from './identify.worker';

const png: IdentifyOutcome = {
  ok: true,
  result: { format: 'png', mime: 'image/png', ext: 'png', label: 'PNG', kind: 'image', basis: 'magic', flags: [] },
};
const answers: Array<(outcome: IdentifyOutcome) => void> = [];
let immediate = true;
vi.mock('./identify-client', () => ({
  identifyWorker: () => ({
    identify: (file: File) =>
      file.name.startsWith('broken')
        ? Promise.reject(new Error('worker gone'))
        : immediate
          ? Promise.resolve(png)
          : new Promise<IdentifyOutcome>((resolve) => answers.push(resolve)),
  }),
}));

const { useFileTypeStore } = await import('./file-type-identify.store');

const files = (count: number, prefix = 'f') => Array.from({ length: count }, (_, index) => new File(['x'], `${prefix}${index}.png`));
const settled = () =>
  vi.waitFor(() => expect(useFileTypeStore.getState().rows.every((row) => row.status === 'done' || row.status === 'error')).toBe(true), {
    timeout: 5000,
  });

afterEach(() => {
  useFileTypeStore.getState().clear();
  immediate = true;
});

describe('file type store', () => {
  it('identifies a batch with a handful of store updates, not two per file', async () => {
    let updates = 0;
    const stop = useFileTypeStore.subscribe(() => (updates += 1));
    useFileTypeStore.getState().addFiles(files(300));
    await settled();
    stop();
    const { rows } = useFileTypeStore.getState();
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => row.status === 'done' && row.result?.mime === 'image/png' && row.check?.status === 'ok')).toBe(true);
    // One update adds the rows; results come in batched (each update renders the whole table).
    expect(updates).toBeLessThan(20);
  });

  it('marks a file whose identification failed as an error and finishes the rest', async () => {
    useFileTypeStore.getState().addFiles([...files(2), ...files(1, 'broken'), ...files(2, 'g')]);
    await settled();
    const rows = useFileTypeStore.getState().rows;
    expect(rows.map((row) => row.status)).toEqual(['done', 'done', 'error', 'done', 'done']);
    expect(rows[2]?.errorMessage).toBe('worker gone');
  });

  it('drops the results of rows removed or cleared while they ran, and skips removed rows still queued', async () => {
    immediate = false;
    const store = useFileTypeStore.getState();
    store.addFiles(files(40));
    const rows = useFileTypeStore.getState().rows;
    const sent = answers.length;
    expect(sent).toBeGreaterThan(1);
    expect(sent).toBeLessThan(39);
    // The first is in flight; the last is still waiting for its turn.
    store.remove(rows[0]!.id);
    store.remove(rows[39]!.id);
    answers.splice(0).forEach((answer) => answer(png));
    await vi.waitFor(() => expect(answers.length).toBe(40 - sent - 1));
    answers.splice(0).forEach((answer) => answer(png));
    await settled();
    const names = useFileTypeStore.getState().rows.map((row) => row.name);
    expect(names).toHaveLength(38);
    expect(names).not.toContain('f0.png');
    expect(names).not.toContain('f39.png');
  });
});
