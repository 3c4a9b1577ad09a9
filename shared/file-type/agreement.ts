/**
 * "Agreement with libmagic", defined once so the accuracy suite and docs/file-type-identify.md say
 * the same thing. Two MIME types agree when they are equal after folding known aliases (libmagic
 * and file-type name many formats differently: `image/x-ms-bmp` is `image/bmp`). Our answer
 * agrees with a reference when it is the same type, or a more specific type inside it — the
 * reference names our answer's container (`application/zip` for a .xpi, `text/plain` for JSON,
 * `image/tiff` for a Nikon RAW).
 */
import { FORMATS, parentsOf } from './catalogue';

const ALIASES: readonly (readonly string[])[] = [
  ['application/zip', 'application/x-zip-compressed', 'application/x-zip'],
  ['text/xml', 'application/xml'],
  ['image/bmp', 'image/x-ms-bmp', 'image/x-bmp'],
  ['application/vnd.rar', 'application/x-rar', 'application/x-rar-compressed'],
  ['application/x-lzip', 'application/lzip'],
  ['text/rtf', 'application/rtf'],
  ['application/vnd.sqlite3', 'application/x-sqlite3'],
  ['application/vnd.microsoft.portable-executable', 'application/x-msdownload', 'application/x-dosexec'],
  ['video/x-ms-asf', 'audio/x-ms-asf', 'application/vnd.ms-asf'],
  ['video/x-matroska', 'video/matroska'],
  ['audio/x-matroska', 'audio/matroska'],
  ['application/vnd.ms-visio.drawing.main+xml', 'application/vnd.visio'],
  ['application/eps', 'image/x-eps', 'application/x-eps'],
  ['application/x-cfb', 'application/cdfv2', 'application/x-ole-storage'],
  ['audio/mp4', 'audio/x-m4a'],
  ['audio/aac', 'audio/x-hx-aac-adts', 'audio/x-aac'],
  ['audio/aiff', 'audio/x-aiff'],
  ['video/vnd.avi', 'video/x-msvideo', 'video/avi'],
  ['image/x-icon', 'image/vnd.microsoft.icon'],
  ['application/x-deb', 'application/vnd.debian.binary-package'],
  ['application/x-elf', 'application/x-executable', 'application/x-sharedlib', 'application/x-pie-executable', 'application/x-object'],
  ['font/otf', 'application/vnd.ms-opentype'],
  ['font/ttf', 'font/sfnt', 'application/x-font-ttf'],
  ['audio/wav', 'audio/x-wav', 'audio/vnd.wave', 'audio/wave'],
  ['application/x-nintendo-nes-rom', 'application/x-nes-rom'],
  ['image/heic', 'image/heif'],
  ['image/heic-sequence', 'image/heif-sequence'],
  ['application/x-unix-archive', 'application/x-archive'],
  ['application/x-ms-regedit', 'text/x-ms-regedit'],
  ['application/gzip', 'application/x-gzip'],
  ['application/javascript', 'text/javascript', 'application/x-javascript'],
  ['text/x-script.python', 'text/x-python'],
  ['text/x-shellscript', 'application/x-sh', 'application/x-shellscript'],
  ['application/x-iwork-keynote-sffkey', 'application/vnd.apple.keynote'],
  ['application/x-subrip', 'text/x-subrip'],
  ['text/vcard', 'text/x-vcard'],
  ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'],
  ['text/x-c', 'text/x-csrc'],
  ['text/x-c++', 'text/x-c++src'],
  ['application/x-empty', 'inode/x-empty'],
];

const CANONICAL: ReadonlyMap<string, string> = new Map(ALIASES.flatMap((group) => group.map((mime) => [mime, group[0]!] as const)));

/** Lower-cased, parameters dropped, aliases folded to one name. */
export function normalizeMime(mime: string): string {
  const bare = mime.split(';')[0]!.trim().toLowerCase();
  return CANONICAL.get(bare) ?? bare;
}

/** Our answer: the format key and the MIME the engine gave. */
export interface Answer {
  readonly format: string;
  readonly mime: string;
}

/** The MIME types of the containers above a format (docx → zip; svg → xml → text/plain). */
function containerMimes(format: string): string[] {
  return parentsOf(format).flatMap((parent) => (FORMATS[parent]?.mime ? [normalizeMime(FORMATS[parent].mime)] : []));
}

/** 'same' type, 'container' (the reference names our answer's container), or undefined. */
export function compare(answer: Answer, reference: string): 'same' | 'container' | undefined {
  const ours = normalizeMime(answer.mime);
  const theirs = normalizeMime(reference);
  if (ours === theirs) return 'same';
  return containerMimes(answer.format).includes(theirs) ? 'container' : undefined;
}

/** One MANIFEST row's references. */
export interface Reference {
  /** Ground truth MIME (`mime` column). */
  readonly mime: string;
  /** `libmagic_mime`. */
  readonly libmagic: string;
  /** `libmagic_agrees`: yes, container, unknown or no. */
  readonly libmagicAgrees: string;
}

/**
 * How our answer agrees with libmagic, or undefined:
 * - 'libmagic': same type as libmagic's, or libmagic named our answer's container;
 * - 'truth-where-libmagic-agrees': libmagic is right by the MANIFEST (`yes`/`container`, it names
 *   the format by a name not in our alias list) and we match the ground truth;
 * - 'truth-where-libmagic-unknown': libmagic said octet-stream (`unknown`) and we match the ground truth.
 *   Reported separately: this is us doing better than libmagic, not agreeing with it.
 */
export function libmagicAgreement(
  answer: Answer,
  reference: Reference,
): 'libmagic' | 'truth-where-libmagic-agrees' | 'truth-where-libmagic-unknown' | undefined {
  if (compare(answer, reference.libmagic)) return 'libmagic';
  if (!compare(answer, reference.mime)) return undefined;
  if (reference.libmagicAgrees === 'yes' || reference.libmagicAgrees === 'container') return 'truth-where-libmagic-agrees';
  if (reference.libmagicAgrees === 'unknown') return 'truth-where-libmagic-unknown';
  return undefined;
}
