/** One finished part: its bytes as they arrived (a Blob is made of them when it is saved). */
export interface Part {
  /** 1-based, as the file name says. */
  number: number;
  chunks: Uint8Array[];
  bytes: number;
  last: boolean;
}

export interface PartSplitter {
  write(data: Uint8Array): Promise<void>;
  /** Hands over what is left as the last part (none when nothing was written since the previous part). */
  close(): Promise<void>;
}

/**
 * Where the browser cannot stream to a file (no File System Access), the output is cut into parts
 * the visitor saves one by one, so the page never holds more than one part. A part ends at the
 * write that reaches `partBytes` (a whole segment: each part of a TS file plays on its own), and
 * `onPart` is awaited — the download waits while the visitor has not saved it.
 */
export function createPartSplitter(partBytes: number, onPart: (part: Part) => Promise<void>): PartSplitter {
  let chunks: Uint8Array[] = [];
  let bytes = 0;
  let number = 0;

  const handOver = async (last: boolean) => {
    const part: Part = { number: ++number, chunks, bytes, last };
    chunks = [];
    bytes = 0;
    await onPart(part);
  };

  return {
    async write(data) {
      if (data.length === 0) return;
      chunks.push(data);
      bytes += data.length;
      if (bytes >= partBytes) await handOver(false);
    },
    async close() {
      if (bytes > 0 || number === 0) await handOver(true);
    },
  };
}
