import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, identify } from '@shared/file-type/identify';
import type { BlobLike } from '@shared/file-type/source';
import { cachedBlob } from './cached-blob';

/** A Blob that counts how often it is read. */
function counted(bytes: Uint8Array<ArrayBuffer>): { blob: BlobLike & { type: string }; reads: () => number } {
  const blob = new Blob([bytes]);
  let reads = 0;
  return {
    blob: {
      size: blob.size,
      type: '',
      slice: (start?: number, end?: number) => {
        const part = blob.slice(start, end);
        return {
          arrayBuffer: () => {
            reads += 1;
            return part.arrayBuffer();
          },
        };
      },
    },
    reads: () => reads,
  };
}

const bytesOf = async (blob: BlobLike, start?: number, end?: number) =>
  Array.from(new Uint8Array(await blob.slice(start, end).arrayBuffer()));

describe('cachedBlob', () => {
  const data = Uint8Array.from({ length: 100 }, (_, index) => index);

  it('reads the window once and serves every slice inside it from memory, with Blob.slice semantics', async () => {
    const { blob, reads } = counted(data);
    const cached = cachedBlob(blob, 64);
    expect(cached.size).toBe(100);
    expect(await bytesOf(cached, 0, 4)).toEqual([0, 1, 2, 3]);
    expect(await bytesOf(cached, 10, 12)).toEqual([10, 11]);
    expect(await bytesOf(cached, 60, 64)).toEqual([60, 61, 62, 63]);
    expect(await bytesOf(cached, 5, 2)).toEqual([]);
    expect(reads()).toBe(1);
    // Past the window: read from the file, with its own semantics (negative counts from the end).
    expect(await bytesOf(cached, 60, 70)).toEqual([60, 61, 62, 63, 64, 65, 66, 67, 68, 69]);
    expect(await bytesOf(cached, -2)).toEqual([98, 99]);
    expect(reads()).toBe(3);
  });

  it('takes the whole of a file smaller than the window', async () => {
    const { blob, reads } = counted(data);
    const cached = cachedBlob(blob, 1024);
    expect(await bytesOf(cached, -3)).toEqual([97, 98, 99]);
    expect(await bytesOf(cached, 90, 500)).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99]);
    expect(await bytesOf(cached)).toEqual(Array.from(data));
    expect(reads()).toBe(1);
  });

  it('passes a failed read on, and tries the file again next time', async () => {
    let fail = true;
    const flaky: BlobLike = {
      size: 10,
      slice: () => ({
        arrayBuffer: () => (fail ? Promise.reject(new DOMException('gone', 'NotReadableError')) : Promise.resolve(new ArrayBuffer(10))),
      }),
    };
    const cached = cachedBlob(flaky, 64);
    await expect(cached.slice(0, 4).arrayBuffer()).rejects.toMatchObject({ name: 'NotReadableError' });
    fail = false;
    expect((await cached.slice(0, 4).arrayBuffer()).byteLength).toBe(4);
  });

  it('gives identify the same answers with one read per small file instead of several', async () => {
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90,
      0x77, 0x53, 0xde,
    ]);
    const samples: Record<string, Uint8Array<ArrayBuffer>> = {
      'a.txt': strToU8('hello world\n'.repeat(20)),
      'a.json': strToU8('{"name": "百宝箱", "list": [1, 2, 3]}\n'),
      'a.csv': strToU8('a,b,c\n1,2,3\n4,5,6\n'),
      'a.png': png,
      'a.zip': zipSync({ 'word/document.xml': strToU8('<w:document/>'), '[Content_Types].xml': strToU8('<Types/>') }),
      'a.bin': Uint8Array.from({ length: 300 }, (_, index) => (index * 7919) % 256),
    };
    for (const [name, bytes] of Object.entries(samples)) {
      const plain = counted(bytes);
      const cached = counted(bytes);
      const expected = await identify(plain.blob, name);
      expect(await identify(cachedBlob(cached.blob, HEAD_BYTES), name), name).toEqual(expected);
      expect(plain.reads(), name).toBeGreaterThan(1);
      expect(cached.reads(), name).toBe(1);
    }
  });
});
