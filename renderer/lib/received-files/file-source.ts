import type { FileSource } from '@shared/p2p';

/**
 * A picked or dropped File as the transfer reads it: a slice at a time (Blob.slice reads from
 * disk on demand), so a file of many GB is never in memory. A folder's files keep their
 * `webkitRelativePath` ('photos/2024/a.jpg') unless `path` says otherwise.
 */
export function fileSource(file: File, path = file.webkitRelativePath || file.name): FileSource {
  return {
    path,
    size: file.size,
    lastModified: file.lastModified,
    type: file.type,
    read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
  };
}
