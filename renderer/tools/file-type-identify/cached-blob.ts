import type { BlobLike } from '@shared/file-type/source';

/**
 * A file whose first `windowBytes` (the whole file, when it is smaller) are read once and kept:
 * every slice inside them is then served from memory. Detection asks for the same head several
 * times in small pieces (file-type's tokenizer alone reads it five times for a text file), and in
 * a browser each `Blob.slice().arrayBuffer()` costs the worker milliseconds however small the
 * slice: six reads per file made a batch of 1 000 small files take ~8 s of reading alone.
 * Slices reaching past the window (a zip's directory at the end of a large file) read the file.
 */
export function cachedBlob<T extends BlobLike>(blob: T, windowBytes: number): BlobLike & { readonly type: string } {
  const window = Math.min(blob.size, windowBytes);
  let head: Promise<ArrayBuffer> | undefined;
  const readHead = () => {
    if (!head) {
      head = blob.slice(0, window).arrayBuffer();
      // A failed read is not kept: the next slice tries the file again (and fails with its own error).
      head.catch(() => {
        head = undefined;
      });
    }
    return head;
  };
  return {
    size: blob.size,
    type: blob.type ?? '',
    slice: (start = 0, end = blob.size) => {
      const from = clamp(start, blob.size);
      const to = Math.max(from, clamp(end, blob.size));
      if (to > window) return blob.slice(start, end);
      return { arrayBuffer: async () => (await readHead()).slice(from, to) };
    },
  };
}

/** Blob.slice's rules: a negative position counts from the end; the result stays within the file. */
function clamp(position: number, size: number): number {
  return position < 0 ? Math.max(0, size + position) : Math.min(position, size);
}
