import { deflateRawSync } from 'node:zlib';
import { ZipLayout } from '@shared/archive/zip-writer';
import { crc32 } from '@shared/hash/crc32';

export interface ZipInput {
  path: string;
  bytes: Uint8Array;
  /** EPUB's `mimetype` must be stored; everything else here is text worth deflating. */
  stored?: boolean;
}

/** A whole zip in memory with the project's zip writer (seed files are a few KB). */
export function zipBytes(entries: readonly ZipInput[], modified: number): Buffer {
  const layout = new ZipLayout();
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const data = entry.stored ? entry.bytes : deflateRawSync(entry.bytes);
    parts.push(
      layout.add({
        path: entry.path,
        directory: false,
        method: entry.stored ? 0 : 8,
        crc: crc32(entry.bytes),
        compressedSize: data.length,
        size: entry.bytes.length,
        modified,
      }),
      data,
    );
  }
  parts.push(layout.finish());
  return Buffer.concat(parts);
}
