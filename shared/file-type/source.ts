/**
 * What the engine reads from: anything with a size and `slice().arrayBuffer()` — a browser `File` or
 * `Blob`, Node's `fs.openAsBlob()`, or bytes in memory. Only the slices a detector asks for are read,
 * so a multi-GB file costs a few kilobytes.
 */
export interface BlobLike {
  readonly size: number;
  readonly type?: string;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** Reads `length` bytes from `offset` (fewer at the end of the file, none past it). */
export async function readRange(blob: BlobLike, offset: number, length: number): Promise<Uint8Array> {
  const start = Math.max(0, Math.min(offset, blob.size));
  const end = Math.max(start, Math.min(blob.size, offset + length));
  if (end === start) return new Uint8Array(0);
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** In-memory bytes as a BlobLike, for tests and for callers that already hold the data. */
export function bytesBlob(bytes: Uint8Array): BlobLike {
  return {
    size: bytes.length,
    slice: (start = 0, end = bytes.length) => ({
      arrayBuffer: () => Promise.resolve(bytes.slice(start, end).buffer as ArrayBuffer),
    }),
  };
}

export const ascii = (bytes: Uint8Array, at: number, length: number): string => {
  let text = '';
  for (let index = at; index < Math.min(bytes.length, at + length); index += 1) text += String.fromCharCode(bytes[index]!);
  return text;
};
