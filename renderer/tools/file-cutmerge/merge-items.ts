import { randomHexId } from '@/lib/ids';
import { isManifestName } from './file-cutmerge.service';

export interface PartItem {
  readonly id: string;
  readonly name: string;
  /** Read when the part is picked: a browser reads a picked file's size on first use, so a part deleted meanwhile would read as 0 B. */
  readonly size: number;
  readonly file: File;
}

const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/** The picked files that are parts and not in the list yet, as list items (manifests are read apart). */
export function newParts(files: readonly File[], current: readonly PartItem[]): PartItem[] {
  const known = new Set(current.map((item) => fileKey(item.file)));
  return files
    .filter((file) => !isManifestName(file.name) && !known.has(fileKey(file)))
    .map((file) => ({ id: randomHexId(), name: file.name, size: file.size, file }));
}
