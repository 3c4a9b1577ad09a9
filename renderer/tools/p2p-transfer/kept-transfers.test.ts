import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { P2P_CHUNK_BYTES } from '@shared/p2p';
import { createP2pTransferStorage } from '@/platform/storage';
import { headOf, KeptTransfers, keptSnapshot, matchPicked, offeredFiles, type StoredP2pTransfer } from './kept-transfers';

let counter = 0;
const freshStorage = () => createP2pTransferStorage(`P2pTransfers-test-${(counter += 1)}`);

const fileOf = (name: string, size: number, fill: number) => new File([new Uint8Array(size).fill(fill)], name, { lastModified: 5 });

async function sending(files: { path: string; file: File }[]): Promise<StoredP2pTransfer> {
  const offered = offeredFiles(files);
  return {
    id: '00000000000000a1',
    direction: 'send',
    peer: 'peer',
    peerName: '蓝色的猫',
    files: offered,
    totalBytes: offered.reduce((sum, file) => sum + file.size, 0),
    time: 1,
    heads: await Promise.all(files.map(({ file }) => headOf(file))),
  };
}

describe('kept /p2p/transfer transfers', () => {
  it('keeps a record’s changes in order, the hash state as bytes, and deletes on undefined', async () => {
    const kept = new KeptTransfers(freshStorage());
    const record = await sending([{ path: 'a.bin', file: fileOf('a.bin', 10, 1) }]);
    void kept.change(record.id, () => ({ ...record, direction: 'receive', checkpoint: { results: [], cursor: 0, acked: 0 } }));
    // Queued at once, each on the one before: the last word wins, never an older checkpoint.
    for (let acked = 1; acked <= 5; acked++)
      void kept.change(
        record.id,
        (old) => old && { ...old, checkpoint: { results: [], cursor: 0, acked, hashState: new Uint8Array([acked]) } },
      );
    await kept.change(record.id, (old) => old);
    const [stored] = await kept.all();
    expect(stored!.checkpoint).toEqual({ results: [], cursor: 0, acked: 5, hashState: new Uint8Array([5]) });
    await kept.change(record.id, () => undefined);
    expect(await kept.all()).toEqual([]);
  });

  it('knows the same files picked again by path, size and first chunk, and names the first that differs', async () => {
    const big = fileOf('big.bin', P2P_CHUNK_BYTES + 10, 7);
    const record = await sending([
      { path: 'album/a.txt', file: fileOf('a.txt', 3, 1) },
      { path: 'album/big.bin', file: big },
    ]);
    const again = [
      { path: 'album/big.bin', file: fileOf('big.bin', P2P_CHUNK_BYTES + 10, 7) },
      { path: 'album/a.txt', file: fileOf('a.txt', 3, 1) },
    ];
    const match = await matchPicked(record, again);
    expect('files' in match && match.files.map((file) => file.name)).toEqual(['a.txt', 'big.bin']);
    // Same name and size, other first bytes; then a file missing.
    expect(await matchPicked(record, [again[1]!, { path: 'album/big.bin', file: fileOf('big.bin', P2P_CHUNK_BYTES + 10, 8) }])).toEqual({
      mismatch: 'album/big.bin',
    });
    expect(await matchPicked(record, [again[0]!])).toEqual({ mismatch: 'album/a.txt' });
  });

  it('shows a kept reception as its files’ results', async () => {
    const record = await sending([
      { path: 'a', file: fileOf('a', 3, 1) },
      { path: 'b', file: fileOf('b', 4, 1) },
      { path: 'c', file: fileOf('c', 5, 1) },
    ]);
    const snapshot = keptSnapshot({ ...record, direction: 'receive', checkpoint: { results: [true, false], cursor: 2, acked: 0 } });
    expect(snapshot).toMatchObject({ role: 'receive', state: 'paused', bytes: 7, totalBytes: 12 });
    expect(snapshot.files.map((file) => file.state)).toEqual(['done', 'failed', 'waiting']);
  });
});
