import { readRange } from '../file-type/source';
import type { BlobLike } from '../file-type/source';
import { BookImportError } from './errors';
import { imageMime, plainText } from './metadata';
import type { BookMetadata } from './metadata';

/**
 * Metadata of a Mobipocket / Kindle file (PalmDB "BOOKMOBI"): record 0 holds the PalmDOC header,
 * the MOBI header and the EXTH block. The text itself stays for the reader's engine; this only
 * reads record 0 and the cover record, so it runs in a worker without a DOM.
 * Layout: https://wiki.mobileread.com/wiki/MOBI (offsets below are within record 0).
 */

const PDB_HEADER = 78;
const EXTH_CREATOR = 100;
const EXTH_DESCRIPTION = 103;
const EXTH_ISBN = 104;
const EXTH_ASIN = 113;
const EXTH_COVER = 201;
const EXTH_THUMBNAIL = 202;
const EXTH_TITLE = 503;
const EXTH_LANGUAGE = 524;
const NONE = 0xffffffff;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const latin = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** MOBI's locale field (Windows LANGIDs' primary language) for the languages this site's readers meet most. */
const LOCALES: Record<number, string> = {
  4: 'zh',
  9: 'en',
  17: 'ja',
  18: 'ko',
  7: 'de',
  12: 'fr',
  10: 'es',
  16: 'it',
  25: 'ru',
  1: 'ar',
  22: 'pt',
};

export async function readMobi(blob: BlobLike): Promise<BookMetadata> {
  const header = await readRange(blob, 0, PDB_HEADER);
  if (header.length < PDB_HEADER) throw new BookImportError('truncated', 'PalmDB header cut short');
  const records = view(header).getUint16(76);
  if (records < 2) throw new BookImportError('corrupt', 'no records');
  const list = await readRange(blob, PDB_HEADER, records * 8);
  if (list.length < records * 8) throw new BookImportError('truncated', 'record list cut short');
  const offsets = Array.from({ length: records }, (_, index) => view(list).getUint32(index * 8));
  // A cut-off file keeps its whole record list: the records it lost would pass here (only record 0
  // and the cover are read) and fail later in the reader, so the import says it at once.
  if (offsets[records - 1]! > blob.size) throw new BookImportError('truncated', 'records listed past the end of the file');
  const recordAt = async (index: number): Promise<Uint8Array | undefined> => {
    const start = offsets[index];
    if (start === undefined) return undefined;
    const end = offsets[index + 1] ?? blob.size;
    if (end < start) throw new BookImportError('corrupt', `record ${index} has a negative length`);
    if (end > blob.size) throw new BookImportError('truncated', `record ${index} ends past the file`);
    return readRange(blob, start, end - start);
  };

  const record0 = (await recordAt(0))!;
  if (record0.length < 132 || latin(record0.subarray(16, 20)) !== 'MOBI') throw new BookImportError('corrupt', 'no MOBI header');
  const data = view(record0);
  // PalmDOC encryption: 1 is the old Mobipocket scheme, 2 Mobipocket/Kindle DRM. Either way the text is unreadable.
  if (data.getUint16(12) !== 0) throw new BookImportError('drm', `encryption type ${data.getUint16(12)}`);
  const headerLength = data.getUint32(20);
  const utf8 = data.getUint32(28) === 65001;
  const version = data.getUint32(36);
  const decode = (bytes: Uint8Array) => new TextDecoder(utf8 ? 'utf-8' : 'windows-1252').decode(bytes);
  const nameOffset = data.getUint32(84);
  const fullName = decode(record0.subarray(nameOffset, nameOffset + data.getUint32(88)));
  const firstImage = data.getUint32(108);

  const exth = new Map<number, Uint8Array[]>();
  if (data.getUint32(128) & 0x40) {
    let at = 16 + headerLength;
    if (latin(record0.subarray(at, at + 4)) === 'EXTH') {
      const count = at + 12 <= record0.length ? data.getUint32(at + 8) : 0;
      at += 12;
      for (let index = 0; index < count && at + 8 <= record0.length; index++) {
        const type = data.getUint32(at);
        const length = data.getUint32(at + 4);
        if (length < 8) break;
        exth.set(type, [...(exth.get(type) ?? []), record0.subarray(at + 8, at + length)]);
        at += length;
      }
    }
  }
  const text = (type: number) => plainText(decode(exth.get(type)?.[0] ?? new Uint8Array()));
  const number = (type: number) => {
    const value = exth.get(type)?.[0];
    return value && value.length >= 4 ? view(value).getUint32(0) : NONE;
  };

  let cover: BookMetadata['cover'];
  const coverIndex = number(EXTH_COVER) !== NONE ? number(EXTH_COVER) : number(EXTH_THUMBNAIL);
  if (firstImage !== NONE && coverIndex !== NONE) {
    try {
      const bytes = await recordAt(firstImage + coverIndex);
      const mime = bytes && imageMime(bytes);
      if (bytes && mime) cover = { bytes, mime };
    } catch {
      // The book opens without its cover ('获取书籍封面出错!' in the library).
    }
  }

  return {
    // Version 8 is KF8 (AZW3); a "combo" file keeps a MOBI 6 header first and is opened as MOBI.
    format: version >= 8 ? 'azw3' : 'mobi',
    title: text(EXTH_TITLE) || plainText(fullName),
    creator: (exth.get(EXTH_CREATOR) ?? [])
      .map((value) => plainText(decode(value)))
      .filter(Boolean)
      .join(', '),
    description: text(EXTH_DESCRIPTION),
    identifier: text(EXTH_ISBN) || text(EXTH_ASIN) || String(data.getUint32(32)),
    language: text(EXTH_LANGUAGE) || (LOCALES[data.getUint32(92) & 0xff] ?? ''),
    cover,
  };
}
