import { crc32 } from '@shared/hash/crc32';
import { CIPHER_OVERHEAD } from '@shared/image/lsb';
// The image tool's password layer, reused as is so both tools seal secrets the same way. It stays
// there rather than in shared/ because shared/ is compiled without WebCrypto typings on purpose.
import { WrongPasswordError, decryptBody, encryptMessage } from '@/lib/password-seal';

/**
 * Zero-width text steganography, pure (no DOM) so it is tested under Node.
 *
 * Alphabet: four invisible code points, two bits each, most significant pair first:
 *   U+200B ZERO WIDTH SPACE = 0, U+200C ZWNJ = 1, U+200D ZWJ = 2, U+2060 WORD JOINER = 3.
 * All four are default-ignorable, have no decomposition (so NFC/NFD/NFKC/NFKD keep them) and are not
 * `\s` (so String.prototype.trim and whitespace collapsing keep them). U+FEFF is deliberately NOT
 * used: editors and parsers strip it as a byte-order mark, and JavaScript's trim() removes it.
 * Base 4 rather than base 5 keeps one byte = exactly four characters.
 *
 * Frame (bytes, then four characters per byte):
 *   magic 0xBA 0x1B ("BAiBao") · version 1 · flags (bit 0 = encrypted, others must be 0) ·
 *   body length as unsigned LEB128 · body · CRC-32 (big-endian) of everything before it.
 * The body is the UTF-8 secret, or salt ‖ IV ‖ ciphertext+tag (AES-256-GCM, PBKDF2-SHA-256 250 000 iterations, see
 * renderer/lib/password-seal.ts) when encrypted.
 * Reveal tells the cases apart: no magic → "none"; magic but bad version/flags/length/CRC →
 * "damaged"; CRC fine but the GCM tag fails → "wrong password" (the CRC covers the ciphertext, so an
 * intact frame that does not decrypt can only be the wrong key).
 */

export const ALPHABET = ['\u200B', '\u200C', '\u200D', '\u2060'] as const;
const SYMBOL_VALUE = new Map<string, number>(ALPHABET.map((char, value) => [char, value]));
const MAGIC = [0xba, 0x1b] as const;
export const FORMAT_VERSION = 1;
const FLAG_ENCRYPTED = 1;
const CHARS_PER_BYTE = 4;
/** magic + version + flags + 1-byte length + CRC: the smallest possible frame. */
const MIN_FRAME_BYTES = MAGIC.length + 2 + 1 + 4;
/** Keeps the output pasteable into ordinary text boxes: 64 KB of secret is already 256 K invisible characters. */
export const MAX_SECRET_BYTES = 64 * 1024;

export type Placement = 'afterFirst' | 'middle' | 'end';

export interface HideOptions {
  password?: string;
  /**
   * Where the invisible run goes. The default, after the first visible character, survives trimming
   * of either end (including "trim" helpers that also drop zero-width characters), truncated
   * previews and a reply that quotes only the beginning; at the very start it would also be taken
   * for a BOM-like prefix by some software.
   */
  placement?: Placement;
}

export interface HideResult {
  text: string;
  /** Invisible characters added to the cover. */
  addedChars: number;
  frameBytes: number;
  encrypted: boolean;
}

export class HideError extends Error {
  constructor(readonly code: 'emptyCover' | 'emptySecret' | 'tooLong') {
    super(code);
    this.name = 'HideError';
  }
}

const utf8 = new TextEncoder();

function writeLength(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    out.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return out;
}

function buildFrame(body: Uint8Array, encrypted: boolean): Uint8Array {
  const head = [...MAGIC, FORMAT_VERSION, encrypted ? FLAG_ENCRYPTED : 0, ...writeLength(body.length)];
  const frame = new Uint8Array(head.length + body.length + 4);
  frame.set(head, 0);
  frame.set(body, head.length);
  new DataView(frame.buffer).setUint32(head.length + body.length, crc32(frame.subarray(0, head.length + body.length)));
  return frame;
}

export function encodeInvisible(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes)
    out += ALPHABET[(byte >> 6) & 3]! + ALPHABET[(byte >> 4) & 3]! + ALPHABET[(byte >> 2) & 3]! + ALPHABET[byte & 3]!;
  return out;
}

/** Inserts at a grapheme boundary, so an emoji, a ZWJ sequence or a letter with its accents is never split. */
function insertRun(cover: string, run: string, placement: Placement): string {
  if (placement === 'end') return cover + run;
  // Offsets only, never an array of every grapheme's text: a cover can be megabytes long.
  const segments = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(cover);
  let at: number;
  if (placement === 'afterFirst') {
    const first = segments[Symbol.iterator]().next();
    at = first.done ? 0 : first.value.segment.length;
  } else {
    const starts = Array.from(segments, (part) => part.index);
    at = starts[Math.ceil(starts.length / 2)] ?? cover.length;
  }
  return cover.slice(0, at) + run + cover.slice(at);
}

export async function hideText(cover: string, secret: string, options: HideOptions = {}): Promise<HideResult> {
  // Without visible text the output is an empty-looking string, which defeats the point and gets dropped by most inputs.
  if (cover.trim().length === 0) throw new HideError('emptyCover');
  if (secret.length === 0) throw new HideError('emptySecret');
  const plain = utf8.encode(secret);
  if (plain.length > MAX_SECRET_BYTES) throw new HideError('tooLong');
  const encrypted = !!options.password;
  const body = options.password ? await encryptMessage(plain, options.password) : plain;
  const frame = buildFrame(body, encrypted);
  const run = encodeInvisible(frame);
  return { text: insertRun(cover, run, options.placement ?? 'afterFirst'), addedChars: run.length, frameBytes: frame.length, encrypted };
}

/** The four ALPHABET characters: U+200B–U+200D and U+2060. */
const ALPHABET_RUNS = /[\u200B-\u200D\u2060]+/g;

/** Maximal runs of alphabet characters, in order (a regex scan: covers can be megabytes long). */
function alphabetRuns(text: string): string[] {
  return text.match(ALPHABET_RUNS) ?? [];
}

function decodeBytes(run: string, from: number): Uint8Array {
  const count = Math.floor((run.length - from) / CHARS_PER_BYTE);
  const bytes = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    let byte = 0;
    for (let k = 0; k < CHARS_PER_BYTE; k += 1) byte = (byte << 2) | (SYMBOL_VALUE.get(run[from + i * CHARS_PER_BYTE + k]!) ?? 0);
    bytes[i] = byte;
  }
  return bytes;
}

type FrameScan = { kind: 'none' } | { kind: 'damaged' } | { kind: 'frame'; frame: Uint8Array; body: Uint8Array; encrypted: boolean };

/** Parses a frame at the start of `bytes` (already known to begin with the magic). */
function parseFrame(bytes: Uint8Array): FrameScan {
  if (bytes.length < MIN_FRAME_BYTES || bytes[2] !== FORMAT_VERSION) return { kind: 'damaged' };
  const flags = bytes[3]!;
  if ((flags & ~FLAG_ENCRYPTED) !== 0) return { kind: 'damaged' };
  let length = 0;
  let at = 4;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at];
    // More than 4 length bytes would already exceed anything hideText writes.
    if (byte === undefined || shift > 21) return { kind: 'damaged' };
    length += (byte & 0x7f) * 2 ** shift;
    at += 1;
    if ((byte & 0x80) === 0) break;
  }
  const encrypted = (flags & FLAG_ENCRYPTED) !== 0;
  const end = at + length;
  if (end + 4 > bytes.length || (encrypted && length < CIPHER_OVERHEAD)) return { kind: 'damaged' };
  const stored = new DataView(bytes.buffer, bytes.byteOffset).getUint32(end);
  if (stored !== crc32(bytes.subarray(0, end))) return { kind: 'damaged' };
  return { kind: 'frame', frame: bytes.slice(0, end + 4), body: bytes.slice(at, end), encrypted };
}

/**
 * Finds the first frame. The magic is searched at every character offset of every run, because a
 * stray zero-width character already next to the insertion point merges into the run and shifts it.
 */
function scanFrame(text: string): FrameScan {
  let sawMagic = false;
  for (const run of alphabetRuns(text)) {
    for (let from = 0; from + MAGIC.length * CHARS_PER_BYTE <= run.length; from += 1) {
      const head = decodeBytes(run.slice(from, from + MAGIC.length * CHARS_PER_BYTE), 0);
      if (head[0] !== MAGIC[0] || head[1] !== MAGIC[1]) continue;
      sawMagic = true;
      const parsed = parseFrame(decodeBytes(run, from));
      if (parsed.kind === 'frame') return parsed;
    }
  }
  return sawMagic ? { kind: 'damaged' } : { kind: 'none' };
}

export type RevealResult =
  | { kind: 'ok'; secret: string; encrypted: boolean }
  | { kind: 'none' }
  | { kind: 'damaged' }
  | { kind: 'needsPassword' }
  | { kind: 'wrongPassword' };

export async function revealText(text: string, password = ''): Promise<RevealResult> {
  const scan = scanFrame(text);
  if (scan.kind !== 'frame') return { kind: scan.kind };
  if (!scan.encrypted) return { kind: 'ok', secret: new TextDecoder().decode(scan.body), encrypted: false };
  if (!password) return { kind: 'needsPassword' };
  try {
    return { kind: 'ok', secret: new TextDecoder().decode(await decryptBody(scan.body, password)), encrypted: true };
  } catch (error) {
    if (error instanceof WrongPasswordError) return { kind: 'wrongPassword' };
    throw error;
  }
}

/**
 * Invisible characters that hide data or tricks in text: zero-width and joiner characters, bidi
 * marks and embeddings/isolates, invisible math operators, BOM, Mongolian vowel separator, soft
 * hyphen, and the Tags block used for "ASCII smuggling".
 */
const INVISIBLE_ALL = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/gu;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const BLACK_FLAG = '\u{1F3F4}';
// Emoji_Modifier is exactly the five skin tones; a property escape avoids a character class of emoji.
const SKIN_TONE = /^\p{Emoji_Modifier}$/u;

export interface StripResult {
  cleaned: string;
  removed: number;
  /** Code point (as "U+200B") → how many were removed, most frequent first. */
  byCodePoint: { codePoint: string; count: number }[];
}

/** The code point that ends just before UTF-16 offset `end`, or undefined at the start. */
function codePointBefore(text: string, end: number): string | undefined {
  if (end <= 0) return undefined;
  const low = text.charCodeAt(end - 1);
  if (low >= 0xdc00 && low <= 0xdfff && end >= 2) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(end - 2, end);
  }
  return text[end - 1];
}

/**
 * Removes invisible characters but keeps the ones emoji need: a ZWJ between two pictographs
 * (👨‍👩‍👧, optionally after a VS16 or skin tone), and tag characters inside a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 * Only the invisible characters themselves are looked at (a regex finds them), so a multi-MB
 * paste is checked in milliseconds on every keystroke.
 */
export function stripInvisible(text: string): StripResult {
  const counts = new Map<number, number>();
  // Tag characters come in runs; a run belongs to a flag when a black flag comes right before it.
  let tagRunEnd = -1;
  let tagRunIsFlag = false;
  const cleaned = text.replace(INVISIBLE_ALL, (char: string, offset: number) => {
    const cp = char.codePointAt(0)!;
    let keep = false;
    if (cp >= 0xe0000 && cp <= 0xe007f) {
      if (offset !== tagRunEnd) tagRunIsFlag = codePointBefore(text, offset) === BLACK_FLAG;
      tagRunEnd = offset + char.length;
      keep = tagRunIsFlag && cp !== 0xe0000 && cp !== 0xe0001;
    } else if (char === '\u200D') {
      keep = joinsEmoji(text, offset);
    }
    if (keep) return char;
    counts.set(cp, (counts.get(cp) ?? 0) + 1);
    return '';
  });
  const byCodePoint = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([cp, count]) => ({ codePoint: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`, count }));
  return { cleaned, removed: byCodePoint.reduce((sum, entry) => sum + entry.count, 0), byCodePoint };
}

/** Whether the ZWJ at `offset` joins two pictographs (skipping a VS16 or skin tone before it). */
function joinsEmoji(text: string, offset: number): boolean {
  let end = offset;
  let before = codePointBefore(text, end);
  while (before !== undefined && (before === '\uFE0F' || SKIN_TONE.test(before))) {
    end -= before.length;
    before = codePointBefore(text, end);
  }
  const after = text.codePointAt(offset + 1);
  return before !== undefined && PICTOGRAPHIC.test(before) && after !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(after));
}

export interface Transformation {
  id: 'nfc' | 'nfkc' | 'trim' | 'trimInvisible' | 'stripBom' | 'stripZwj' | 'stripZeroWidth' | 'stripFormat' | 'gbk';
  apply: (text: string) => string;
}

/** Treats U+200B/200C/200D/2060/FEFF as space, the way many "trim" helpers for pasted input do. */
const INVISIBLE_EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;

/**
 * Things text commonly goes through after it is copied. Each is the real operation, not a guess:
 * the survival check applies it to the output and tries to find the frame again.
 */
export const TRANSFORMATIONS: readonly Transformation[] = [
  { id: 'nfc', apply: (text) => text.normalize('NFC') },
  { id: 'nfkc', apply: (text) => text.normalize('NFKC') },
  { id: 'trim', apply: (text) => text.trim() },
  { id: 'trimInvisible', apply: (text) => text.replace(INVISIBLE_EDGES, '') },
  { id: 'stripBom', apply: (text) => text.replaceAll('\uFEFF', '') },
  { id: 'stripZwj', apply: (text) => text.replaceAll('\u200D', '') },
  { id: 'stripZeroWidth', apply: (text) => text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '') },
  // Sanitisers in chat apps, forums and anti-spam filters that drop every Unicode format character.
  { id: 'stripFormat', apply: (text) => text.replace(/\p{Cf}/gu, '') },
  // Saving as GBK ("ANSI" on Chinese Windows): GBK has none of the zero-width characters, so they become "?".
  { id: 'gbk', apply: (text) => text.replace(/[\u200B-\u200F\u2060-\u2064\uFEFF]/g, '?') },
];

export interface SurvivalResult {
  id: Transformation['id'];
  /** The hidden frame is still there, byte for byte. */
  survives: boolean;
  /** The visible text changed too (e.g. NFKC turns full-width letters into ASCII). */
  visibleChanged: boolean;
}

/** Applies every transformation to the output and checks the frame comes back unchanged (no password needed: the CRC covers the ciphertext). */
export function survivalCheck(output: string): SurvivalResult[] {
  const original = scanFrame(output);
  const visible = stripInvisible(output).cleaned;
  return TRANSFORMATIONS.map(({ id, apply }) => {
    const changed = apply(output);
    const scan = scanFrame(changed);
    const survives = original.kind === 'frame' && scan.kind === 'frame' && sameBytes(scan.frame, original.frame);
    return { id, survives, visibleChanged: stripInvisible(changed).cleaned !== visible };
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
