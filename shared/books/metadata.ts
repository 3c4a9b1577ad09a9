import type { EncodingName } from '../encoding/names';

/** What the reader's engine (foliate-js, docs/decisions.md "Reader engine") is told to open. */
export type BookFormat = 'epub' | 'mobi' | 'azw3' | 'fb2' | 'cbz' | 'txt';

export interface BookCover {
  bytes: Uint8Array;
  mime: string;
}

/** A book's own description of itself; empty strings where the file says nothing. */
export interface BookMetadata {
  format: BookFormat;
  title: string;
  creator: string;
  description: string;
  identifier: string;
  language: string;
  cover?: BookCover;
  /** TXT only: the encoding the text was detected in, so the reader decodes it the same way. */
  encoding?: EncodingName;
}

/** The picture formats a cover may be in, by their first bytes (a file's own label is often wrong). */
export function imageMime(bytes: Uint8Array): string | undefined {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xd8 && c === 0xff) return 'image/jpeg';
  if (a === 0x89 && b === 0x50 && c === 0x4e && d === 0x47) return 'image/png';
  if (a === 0x47 && b === 0x49 && c === 0x46) return 'image/gif';
  if (a === 0x42 && b === 0x4d) return 'image/bmp';
  if (a === 0x52 && b === 0x49 && c === 0x46 && d === 0x46 && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Plain text from metadata that may hold HTML (EPUB descriptions, MOBI titles): tags dropped, entities decoded, spaces folded. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
