import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { partRanges, planByCount } from './file-cutmerge.service';
import { digestParts } from './part-digest';
import type { DigestProgress } from './part-digest';

const MB = 1024 * 1024;
const crcHex = (bytes: Uint8Array) => crc32(bytes).toString(16).padStart(8, '0');

describe('digestParts', () => {
  it('gives the whole file’s MD5 and each part’s CRC32 in one pass over real Blob slices', async () => {
    const bytes = randomBytes(9 * MB + 123);
    const file = new Blob([bytes]);
    const plan = planByCount(file.size, 7);
    if (!plan.ok) throw new Error(plan.error);
    const ranges = partRanges(plan.plan);
    const progress: DigestProgress[] = [];
    const digests = await digestParts(
      ranges.map(([start, end]) => file.slice(start, end)),
      (step) => progress.push(step),
    );
    expect(digests.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(digests.crc32).toEqual(ranges.map(([start, end]) => crcHex(bytes.subarray(start, end))));
    expect(digests.size).toBe(bytes.byteLength);
    expect(progress[0]).toEqual({ loaded: 0, total: file.size });
    expect(progress.at(-1)).toEqual({ loaded: file.size, total: file.size });
    expect(progress.length).toBeGreaterThan(2);
  });

  it('digests separate part files in the given order', async () => {
    const parts = [randomBytes(1000), randomBytes(1), randomBytes(4096)];
    const digests = await digestParts(parts.map((part) => new Blob([part])));
    expect(digests.md5).toBe(createHash('md5').update(Buffer.concat(parts)).digest('hex'));
    expect(digests.crc32).toEqual(parts.map(crcHex));
    const swapped = await digestParts([parts[1], parts[0], parts[2]].map((part) => new Blob([part ?? new Uint8Array()])));
    expect(swapped.md5).not.toBe(digests.md5);
  });
});
