/**
 * What a zip holds, read the way unzip tools do: the end-of-central-directory record from the tail,
 * then the central directory (capped), then at most two small entries (`mimetype`,
 * `[Content_Types].xml`). A zip whose tail is missing (a truncated download, a header-only sample)
 * falls back to walking the local headers at the head. The classification turns entry names into
 * the zip-based format: OOXML by its main part's content type, OpenDocument/EPUB by `mimetype`,
 * and JAR, APK, IPA, XPI, Sketch, KMZ, 3MF by their telltale entries.
 */
import { readRange } from './source';
import type { BlobLike } from './source';

interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;
const MAX_ENTRIES = 20_000;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const latin1 = new TextDecoder('windows-1252');
const utf8 = new TextDecoder('utf-8');

async function centralDirectory(blob: BlobLike): Promise<ZipEntry[] | undefined> {
  const tailLength = Math.min(blob.size, 22 + 0xffff + 20);
  const tail = await readRange(blob, blob.size - tailLength, tailLength);
  const data = view(tail);
  let eocd = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (data.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return undefined;
  let size = data.getUint32(eocd + 12, true);
  let offset = data.getUint32(eocd + 16, true);
  if ((offset === 0xffffffff || size === 0xffffffff) && eocd >= 20 && data.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
    const record = view(await readRange(blob, Number(data.getBigUint64(eocd - 12, true)), 56));
    if (record.byteLength >= 56) {
      size = Number(record.getBigUint64(40, true));
      offset = Number(record.getBigUint64(48, true));
    }
  }
  // Self-extracting or prefixed archives: the directory sits where the EOCD says, shifted by the prefix.
  const shift = Math.max(0, blob.size - tailLength + eocd - size - offset);
  const directory = await readRange(blob, offset + shift, Math.min(size, MAX_DIRECTORY_BYTES));
  const entries: ZipEntry[] = [];
  const bytes = view(directory);
  for (let at = 0; at + 46 <= directory.length && entries.length < MAX_ENTRIES;) {
    if (bytes.getUint32(at, true) !== CENTRAL) break;
    const flags = bytes.getUint16(at + 8, true);
    const nameLength = bytes.getUint16(at + 28, true);
    const extraLength = bytes.getUint16(at + 30, true);
    const commentLength = bytes.getUint16(at + 32, true);
    const raw = directory.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      name: (flags & 0x800 ? utf8 : latin1).decode(raw),
      method: bytes.getUint16(at + 10, true),
      compressedSize: bytes.getUint32(at + 20, true),
      localOffset: bytes.getUint32(at + 42, true) + shift,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Entries from the local headers in the first bytes of a zip whose directory is out of reach. */
function localEntries(head: Uint8Array): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const bytes = view(head);
  for (let at = 0; at + 30 <= head.length;) {
    if (bytes.getUint32(at, true) !== LOCAL) break;
    const flags = bytes.getUint16(at + 6, true);
    const compressedSize = bytes.getUint32(at + 18, true);
    const nameLength = bytes.getUint16(at + 26, true);
    const extraLength = bytes.getUint16(at + 28, true);
    entries.push({
      name: (flags & 0x800 ? utf8 : latin1).decode(head.subarray(at + 30, at + 30 + nameLength)),
      method: bytes.getUint16(at + 8, true),
      compressedSize,
      localOffset: at,
    });
    // With a data descriptor the size is only known after the data: stop walking.
    if (flags & 0x08) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return entries;
}

async function entryText(blob: BlobLike, entry: ZipEntry): Promise<string | undefined> {
  if (entry.compressedSize > MAX_ENTRY_BYTES || (entry.method !== 0 && entry.method !== 8)) return undefined;
  const header = await readRange(blob, entry.localOffset, 30);
  if (header.length < 30 || view(header).getUint32(0, true) !== LOCAL) return undefined;
  const start = entry.localOffset + 30 + view(header).getUint16(26, true) + view(header).getUint16(28, true);
  const data = await readRange(blob, start, entry.compressedSize);
  // fflate loads with the first deflated entry, not with every page that identifies files.
  const { inflateSync } = await import('fflate');
  try {
    return utf8.decode(entry.method === 0 ? data : inflateSync(data));
  } catch {
    return undefined;
  }
}

/** Main-part content type (lower case) → format. */
const OOXML_MAIN: Readonly<Record<string, string>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': 'docx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml': 'dotx',
  'application/vnd.ms-word.document.macroenabled.main+xml': 'docm',
  'application/vnd.ms-word.template.macroenabledtemplate.main+xml': 'dotm',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': 'xlsx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml': 'xltx',
  'application/vnd.ms-excel.sheet.macroenabled.main+xml': 'xlsm',
  'application/vnd.ms-excel.template.macroenabled.main+xml': 'xltm',
  'application/vnd.ms-excel.sheet.binary.macroenabled.main': 'xlsb',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml': 'potx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml': 'ppsx',
  'application/vnd.ms-powerpoint.presentation.macroenabled.main+xml': 'pptm',
  'application/vnd.ms-powerpoint.template.macroenabled.main+xml': 'potm',
  'application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml': 'ppsm',
  'application/vnd.ms-visio.drawing.main+xml': 'vsdx',
};

/** `mimetype` entry value → format (OpenDocument and EPUB). */
const MIMETYPE_ENTRY: Readonly<Record<string, string>> = {
  'application/epub+zip': 'epub',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.text-template': 'ott',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.spreadsheet-template': 'ots',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.presentation-template': 'otp',
  'application/vnd.oasis.opendocument.graphics': 'odg',
  'application/vnd.oasis.opendocument.graphics-template': 'otg',
};

/** OOXML without a readable [Content_Types].xml: the main part's folder still tells. */
const OOXML_FOLDER: readonly [RegExp, string][] = [
  [/^word\/document\.xml$/, 'docx'],
  [/^xl\/workbook\.bin$/, 'xlsb'],
  [/^xl\/workbook\.xml$/, 'xlsx'],
  [/^ppt\/presentation\.xml$/, 'pptx'],
  [/^visio\/document\.xml$/, 'vsdx'],
];

function byNames(names: ReadonlySet<string>): string | undefined {
  const list = [...names];
  const has = (pattern: RegExp) => list.some((name) => pattern.test(name));
  if (names.has('AndroidManifest.xml') && has(/^classes\d*\.dex$/)) return 'apk';
  if (has(/^Payload\/[^/]+\.app\//)) return 'ipa';
  if (names.has('install.rdf') || (names.has('manifest.json') && has(/^META-INF\/mozilla\.rsa$/i))) return 'xpi';
  if (names.has('META-INF/MANIFEST.MF') || has(/\.class$/)) return 'jar';
  if (names.has('document.json') && names.has('meta.json') && has(/^pages\//)) return 'sketch';
  if (names.has('doc.kml')) return 'kmz';
  if (names.has('3D/3dmodel.model')) return '3mf';
  return undefined;
}

export interface ZipFindings {
  /** Catalogue key of the zip-based format, or 'zip'. */
  readonly format: string;
  /** Entries looked at (for tests and the page's basis line). */
  readonly entries: number;
  /** No readable central directory: only the local headers at the head were seen. */
  readonly partial: boolean;
}

/** Classifies a zip (`head` is its first bytes, already read). */
export async function inspectZip(blob: BlobLike, head: Uint8Array): Promise<ZipFindings> {
  const central = await centralDirectory(blob);
  const entries = central ?? localEntries(head);
  const names = new Set(entries.map((entry) => entry.name.replace(/\\/g, '/')));
  const find = (name: string) => entries.find((entry) => entry.name === name);
  const result = (format: string) => ({ format, entries: entries.length, partial: !central });

  const mimetype = find('mimetype');
  if (mimetype) {
    const value = (await entryText(blob, mimetype))?.trim().toLowerCase();
    const format = value ? MIMETYPE_ENTRY[value] : undefined;
    if (format) return result(format);
  }
  const types = find('[Content_Types].xml');
  if (types) {
    const xml = (await entryText(blob, types)) ?? '';
    for (const match of xml.matchAll(/ContentType="([^"]+)"/gi)) {
      const format = OOXML_MAIN[match[1]!.toLowerCase()];
      if (format) return result(format);
    }
    const folder = OOXML_FOLDER.find(([pattern]) => [...names].some((name) => pattern.test(name)));
    if (folder) return result(folder[1]);
  }
  return result(byNames(names) ?? 'zip');
}
