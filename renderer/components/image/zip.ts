import { uniqueNames } from './names';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/**
 * One .zip of many outputs. Images are already compressed, so entries are stored (level 0): deflate
 * would spend seconds for a percent or two. fflate's async `zip` does the CRCs off the UI thread;
 * it loads with the first zip, not before the page.
 */
export async function zipImages(entries: readonly ZipEntry[]): Promise<Blob> {
  const { zip } = await import('fflate');
  const names = uniqueNames(entries.map((entry) => entry.name));
  const files = Object.fromEntries(entries.map((entry, index) => [names[index]!, entry.bytes] as const));
  return new Promise((resolve, reject) => {
    zip(files, { level: 0 }, (error, data) => (error ? reject(error) : resolve(new Blob([data], { type: 'application/zip' }))));
  });
}
