/**
 * A file's real type from its content, in layers:
 *   1. magic bytes — file-type over a lazily read blob (head, and tail or entries where a format needs them);
 *      a few signatures file-type refuses on damaged files (PNG, Matroska, PDF…) as a fallback;
 *   2. containers file-type stops at — zip by its entries, OLE2 by its stream names, gzip by the tar inside;
 *   3. text — decode the head (BOM, UTF-16, UTF-8, legacy) and recognise the text format.
 * The file name is not used, except as the documented tie-break for a password-encrypted Office file,
 * whose real format cannot be seen without the password.
 */
import { FileTypeParser } from 'file-type';
import { FORMATS, kindOfMime } from './catalogue';
import type { FormatKind } from './catalogue';
import { inspectCfb } from './cfb';
import { ascii, readRange } from './source';
import type { BlobLike } from './source';
import { decodeText } from './text-decode';
import { detectTextFormat } from './text-format';
import { inspectZip } from './zip';

/** Bytes read from the start for text analysis and local zip headers. */
export const HEAD_BYTES = 64 * 1024;

/** What the answer rests on; the page shows it as the confidence basis. */
export type Basis = 'magic' | 'container' | 'text' | 'name' | 'empty' | 'none';

export type Flag = 'encrypted' | 'damaged' | 'partial';

export interface Identification {
  /** Catalogue key or file-type extension; 'unknown' and 'empty' for those cases. */
  readonly format: string;
  readonly mime: string;
  /** The proper extension, '' when there is none to give (unknown data, empty file). */
  readonly ext: string;
  /** Short technical name ("PNG", "Word 97-2003"); '' for plain text, unknown and empty. */
  readonly label: string;
  readonly kind: FormatKind | 'unknown' | 'empty';
  readonly basis: Basis;
  /** Text formats: the encoding the sample decoded with. */
  readonly encoding?: string;
  readonly flags: readonly Flag[];
}

const OOXML_BY_NAME = new Set([
  'docx',
  'docm',
  'dotx',
  'dotm',
  'xlsx',
  'xlsm',
  'xltx',
  'xltm',
  'xlsb',
  'pptx',
  'pptm',
  'potx',
  'potm',
  'ppsx',
  'ppsm',
]);

function result(format: string, basis: Basis, extra: { mime?: string; encoding?: string; flags?: Flag[] } = {}): Identification {
  const info = FORMATS[format];
  const mime = info?.mime ?? extra.mime ?? 'application/octet-stream';
  return {
    format,
    mime,
    ext: format,
    label: info?.label ?? format.toUpperCase(),
    kind: info?.kind ?? kindOfMime(mime),
    basis,
    ...(extra.encoding ? { encoding: extra.encoding } : {}),
    flags: extra.flags ?? [],
  };
}

const UNKNOWN: Identification = {
  format: 'unknown',
  mime: 'application/octet-stream',
  ext: '',
  label: '',
  kind: 'unknown',
  basis: 'none',
  flags: [],
};
const EMPTY: Identification = { format: 'empty', mime: 'inode/x-empty', ext: '', label: '', kind: 'empty', basis: 'empty', flags: [] };

/** Signatures worth trusting when file-type declines (it rejects damaged PNGs and Matroska files on purpose). */
function fallbackSignature(head: Uint8Array): string | undefined {
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(head, 0, 4) === '\x1a\x45\xdf\xa3') return ascii(head, 0, 64).includes('webm') ? 'webm' : 'mkv';
  if (ascii(head, 0, 3) === '\xff\xd8\xff') return 'jpg';
  if (ascii(head, 0, 4) === 'GIF8') return 'gif';
  // PDF readers accept junk before the header; text that merely mentions %PDF- is not a PDF.
  const pdf = ascii(head, 0, 1024).indexOf('%PDF-');
  if (pdf === 0 || (pdf > 0 && !decodeText(head.subarray(0, pdf), false))) return 'pdf';
  return undefined;
}

/**
 * Whether a gzip stream starts with a tar header (the first 512 decompressed bytes). fflate loads
 * only for a gzip file, not with every page that identifies files.
 */
async function gzipHoldsTar(head: Uint8Array): Promise<boolean> {
  const { Gunzip } = await import('fflate');
  let out = new Uint8Array(0);
  const gunzip = new Gunzip((chunk) => {
    if (out.length < 512) {
      const joined = new Uint8Array(out.length + chunk.length);
      joined.set(out);
      joined.set(chunk, out.length);
      out = joined;
    }
  });
  try {
    gunzip.push(head.subarray(0, 16 * 1024));
  } catch {
    // A truncated or damaged stream: whatever came out before the error still counts.
  }
  if (out.length < 512) return false;
  if (ascii(out, 257, 5) === 'ustar') return true;
  // Old (v7) tar: no magic, but the header checksum field must match the header's byte sum.
  const stored = parseInt(ascii(out, 148, 8).replace(/\0.*$/, '').trim(), 8);
  let sum = 0;
  for (let index = 0; index < 512; index += 1) sum += index >= 148 && index < 156 ? 32 : out[index]!;
  return stored === sum;
}

async function magic(blob: BlobLike): Promise<{ ext: string; mime: string } | undefined> {
  try {
    // A 10-byte tolerance finds MPEG audio whose first frame is slightly off (badly cut files).
    return await new FileTypeParser({ mpegOffsetTolerance: 10 }).fromBlob(blob as never);
  } catch {
    return undefined;
  }
}

function textLayer(head: Uint8Array, complete: boolean): Identification | undefined {
  const decoded = decodeText(head, complete);
  if (!decoded) return undefined;
  return result(detectTextFormat(decoded.text, complete), 'text', { encoding: decoded.encoding });
}

/**
 * Identifies one file. `name` is only read for the encrypted-Office tie-break; everything else comes
 * from the bytes. Throws only when the blob cannot be read at all.
 */
export async function identify(blob: BlobLike, name = ''): Promise<Identification> {
  if (blob.size === 0) return EMPTY;
  const head = await readRange(blob, 0, HEAD_BYTES);
  const complete = head.length >= blob.size;
  const found = await magic(blob);
  const ext = found?.ext;

  if (ext === 'zip' || (!found && (ascii(head, 0, 4) === 'PK\x03\x04' || ascii(head, 0, 4) === 'PK\x05\x06'))) {
    const zip = await inspectZip(blob, head);
    return result(zip.format, zip.format === 'zip' ? 'magic' : 'container', { flags: zip.partial ? ['partial'] : [] });
  }
  if (ext === 'cfb' || (!found && ascii(head, 0, 8) === '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1')) {
    const cfb = await inspectCfb(blob, head.subarray(0, 512));
    if (!cfb.encrypted) return result(cfb.format, cfb.format === 'cfb' ? 'magic' : 'container');
    const claimed = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
    if (claimed && OOXML_BY_NAME.has(claimed)) return result(claimed, 'name', { flags: ['encrypted'] });
    return { ...result('cfb', 'container', { flags: ['encrypted'] }), mime: 'application/encrypted', label: 'Office', ext: '' };
  }
  if (ext === 'gz' && (await gzipHoldsTar(head))) return result('tar.gz', 'container', { mime: 'application/gzip' });
  // An ASF whose streams are all audio is what people call a .wma.
  if (ext === 'asf' && found?.mime.startsWith('audio/')) return result('wma', 'magic');
  if (found) {
    const info = FORMATS[found.ext];
    // file-type's few text formats (XML, WebVTT, .reg…) get the text layer's finer answer (SVG, RSS, TTML…).
    if (info?.text) {
      const text = textLayer(head, complete);
      if (text && text.format !== 'txt') return text;
    }
    // file-type reads the entries of zip-based formats (OOXML, ODF, EPUB…) itself: that is container evidence.
    return result(found.ext, info?.parent === 'zip' ? 'container' : 'magic', { mime: found.mime });
  }
  const signature = fallbackSignature(head);
  if (signature) return result(signature, 'magic', { flags: ['damaged'] });
  return textLayer(head, complete) ?? UNKNOWN;
}
