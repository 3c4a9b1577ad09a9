import { BlobReader, BlobWriter, ZipWriter } from '@zip.js/zip.js/lib/zip-core.js';
import { ArchiveError } from '@shared/contracts/archive';

/**
 * Password zips: fflate has no encryption, so these go through zip.js with WinZip AES-256 (what
 * 7-Zip, WinRAR, Bandizip and macOS's Archive Utility open; ZipCrypto is broken and never
 * written). zip.js deflates and encrypts in this one worker, entry after entry: a password zip
 * does not get the pool's parallelism.
 */

export interface EncryptSource {
  file: Blob;
  path: string;
  directory: boolean;
  modified: number;
}

export async function createEncryptedZip(
  sources: readonly EncryptSource[],
  level: number,
  password: string,
  onProgress: (fraction: number) => void,
  isCancelled: () => boolean,
): Promise<Blob> {
  const writer = new ZipWriter(new BlobWriter('application/zip'), { password, encryptionStrength: 3, level, useWebWorkers: false });
  const total = sources.reduce((sum, source) => sum + source.file.size, 0) || 1;
  let done = 0;
  for (const source of sources) {
    if (isCancelled()) throw new ArchiveError('cancelled');
    const lastModDate = new Date(source.modified);
    if (source.directory) await writer.add(`${source.path}/`, undefined, { directory: true, lastModDate });
    else await writer.add(source.path, new BlobReader(source.file), { lastModDate, useUnicodeFileNames: true });
    done += source.file.size;
    onProgress(done / total);
  }
  return writer.close();
}
