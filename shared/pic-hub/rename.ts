import type { RenameType } from '../contracts/pic-hub-base';

/**
 * The name a picture gets in the hub (spec §3 rename modes; docs/pic-hub.md "Rename modes").
 * The result is a path below the hub's folder: plain for NONE, HASH and TIMESTAMP, possibly with
 * sub-folders for CUST. Every segment is made safe for a git tree and a CDN URL, and the name always
 * ends with the extension of the bytes actually uploaded (after compression to WebP: `.webp`).
 */

/** HASH names: the first 16 hex digits (64 bits) of the uploaded bytes' SHA-256, which the caller computes. */
export const HASH_NAME_LENGTH = 16;
export const DEFAULT_RENAME_PATTERN = '{y}{m}{d}/{name}-{hash:8}';
export const RENAME_PATTERN_MAX_LENGTH = 200;
/** Code points per path segment; GitHub refuses names over 255 bytes, and CJK takes 3 bytes each. */
const SEGMENT_MAX_LENGTH = 80;
const FOLDER_DEPTH_MAX = 6;
const HASH_TOKEN_MAX = 64;
const RAND_TOKEN_MAX = 32;
/** TIMESTAMP names get this many random characters so one millisecond's batch stays unique. */
const TIMESTAMP_SUFFIX_LENGTH = 4;

export const RENAME_TOKENS = ['name', 'ext', 'y', 'm', 'd', 'h', 'i', 's', 'ms', 'timestamp', 'hash', 'hash:N', 'rand:N'] as const;

export type RenamePatternError = 'empty' | 'tooLong' | 'unclosedBrace' | 'unknownToken' | 'badLength' | 'tooDeep';
export type RenamePatternCheck = { ok: true } | { ok: false; error: RenamePatternError; token?: string };

export class RenamePatternInvalid extends Error {
  override name = 'RenamePatternInvalid';
  constructor(readonly check: Extract<RenamePatternCheck, { ok: false }>) {
    super(`Invalid rename pattern: ${check.error}${check.token ? ` (${check.token})` : ''}`);
  }
}

export interface RenameInput {
  /** The picked or pasted file's name; its extension is ignored (see `ext`). */
  originalName: string;
  /** Extension of the bytes that will be uploaded, without the dot ('webp' after compression to WebP). */
  ext: string;
  /** Lower-case hex SHA-256 of the uploaded bytes (64 digits; at least 16). */
  contentHash: string;
  /** Upload time; date tokens and TIMESTAMP read it in local time, as the user reads a date. */
  now: Date;
  renameType: RenameType;
  /** CUST only. */
  pattern?: string;
  /** [0, 1); injectable so tests are exact. */
  random?: () => number;
}

type Token = { kind: 'text'; text: string } | { kind: 'token'; name: string; length?: number; raw: string };

const SIMPLE_TOKENS = new Set(['name', 'ext', 'y', 'm', 'd', 'h', 'i', 's', 'ms', 'timestamp', 'hash']);

function tokenize(pattern: string): { tokens: Token[] } | Extract<RenamePatternCheck, { ok: false }> {
  const tokens: Token[] = [];
  let rest = pattern;
  while (rest) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (close !== -1 && (open === -1 || close < open)) return { ok: false, error: 'unclosedBrace', token: '}' };
    if (open === -1) {
      tokens.push({ kind: 'text', text: rest });
      break;
    }
    if (open > 0) tokens.push({ kind: 'text', text: rest.slice(0, open) });
    const end = rest.indexOf('}', open);
    const nextOpen = rest.indexOf('{', open + 1);
    if (end === -1 || (nextOpen !== -1 && nextOpen < end)) return { ok: false, error: 'unclosedBrace', token: '{' };
    const raw = rest.slice(open, end + 1);
    const body = raw.slice(1, -1).trim();
    const sized = /^(hash|rand):(\d+)$/.exec(body);
    if (sized) {
      const name = sized[1] ?? '';
      const length = Number(sized[2]);
      const max = name === 'hash' ? HASH_TOKEN_MAX : RAND_TOKEN_MAX;
      if (length < 1 || length > max) return { ok: false, error: 'badLength', token: raw };
      tokens.push({ kind: 'token', name, length, raw });
    } else if (SIMPLE_TOKENS.has(body)) {
      tokens.push({ kind: 'token', name: body, raw });
    } else {
      // Refused rather than kept: braces left in a name would show up in every link as %7B…%7D.
      return { ok: false, error: 'unknownToken', token: raw };
    }
    rest = rest.slice(end + 1);
  }
  return { tokens };
}

/** For the setting's form: which error key to show under the CUST pattern field. */
export function checkRenamePattern(pattern: string): RenamePatternCheck {
  if (!pattern.trim()) return { ok: false, error: 'empty' };
  if (pattern.length > RENAME_PATTERN_MAX_LENGTH) return { ok: false, error: 'tooLong' };
  const parsed = tokenize(pattern);
  if ('ok' in parsed) return parsed;
  if (pattern.split('/').filter((segment) => segment.trim()).length - 1 > FOLDER_DEPTH_MAX) return { ok: false, error: 'tooDeep' };
  return { ok: true };
}

// Control characters, what Windows refuses in names (a clone there must work), '#', '%' and '?',
// which some CDNs decode twice or cut the URL at, and white space (a bare link in a forum ends there).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\:*?"<>|#%\s]+/g;

/** One path segment, safe for a git tree and a URL; '' when nothing usable is left. */
export function safeSegment(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '-')
    // No hidden files, no '.' or '..', no '.git'; Windows drops trailing dots.
    .replace(/^[.-]+|[.-]+$/g, '');
  return Array.from(cleaned)
    .slice(0, SEGMENT_MAX_LENGTH)
    .join('')
    .replace(/[.-]+$/, '');
}

/** 'photo.final.JPG' → 'photo.final'; a name that is only an extension keeps it. */
export function baseName(fileName: string): string {
  const leaf = fileName.split(/[\\/]/).pop() ?? '';
  const dot = leaf.lastIndexOf('.');
  return dot > 0 ? leaf.slice(0, dot) : leaf;
}

/** The extension for an image format name or media type: jpeg → jpg, image/svg+xml → svg. */
export function extForFormat(format: string): string {
  const name = format
    .toLowerCase()
    .replace(/^image\//, '')
    .replace(/^x-/, '')
    .replace(/\+xml$/, '');
  if (name === 'jpeg' || name === 'pjpeg') return 'jpg';
  if (name === 'icon' || name === 'vnd.microsoft.icon') return 'ico';
  if (name === 'tiff') return 'tif';
  return name.replace(/[^a-z0-9]/g, '') || 'bin';
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const RANDOM_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomText(length: number, random: () => number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length) % RANDOM_ALPHABET.length];
  return text;
}

function dateParts(now: Date) {
  return {
    y: String(now.getFullYear()),
    m: pad(now.getMonth() + 1),
    d: pad(now.getDate()),
    h: pad(now.getHours()),
    i: pad(now.getMinutes()),
    s: pad(now.getSeconds()),
    ms: pad(now.getMilliseconds(), 3),
  };
}

function withExt(path: string, ext: string): string {
  return path.toLowerCase().endsWith(`.${ext}`) ? path : `${path}.${ext}`;
}

/** Each segment made safe; empty, '.' and '..' segments dropped; a file name left empty becomes its hash. */
function safePath(path: string, fallback: string): string {
  const segments = path.split('/').map(safeSegment).filter(Boolean);
  const file = segments.pop() ?? '';
  return [...segments, file || fallback].join('/');
}

export function renameFile(input: RenameInput): string {
  const ext = extForFormat(input.ext.replace(/^\./, ''));
  const hash = input.contentHash.toLowerCase();
  const random = input.random ?? Math.random;
  const hashName = hash.slice(0, HASH_NAME_LENGTH);
  switch (input.renameType) {
    case 'NONE':
      return withExt(safeSegment(baseName(input.originalName)) || hashName, ext);
    case 'HASH':
      return `${hashName}.${ext}`;
    case 'TIMESTAMP': {
      const p = dateParts(input.now);
      return `${p.y}${p.m}${p.d}${p.h}${p.i}${p.s}${p.ms}-${randomText(TIMESTAMP_SUFFIX_LENGTH, random)}.${ext}`;
    }
    case 'CUST': {
      const pattern = input.pattern ?? '';
      const check = checkRenamePattern(pattern);
      if (!check.ok) throw new RenamePatternInvalid(check);
      const parsed = tokenize(pattern);
      if ('ok' in parsed) throw new RenamePatternInvalid(parsed);
      const parts = dateParts(input.now);
      const values: Record<string, string> = {
        ...parts,
        name: safeSegment(baseName(input.originalName)) || hashName,
        ext,
        timestamp: String(input.now.getTime()),
        hash: hashName,
      };
      const rendered = parsed.tokens
        .map((token) => {
          if (token.kind === 'text') return token.text;
          if (token.name === 'hash') return token.length ? hash.slice(0, token.length) : hashName;
          if (token.name === 'rand') return randomText(token.length ?? TIMESTAMP_SUFFIX_LENGTH, random);
          return values[token.name] ?? '';
        })
        .join('');
      return withExt(safePath(rendered, hashName), ext);
    }
  }
}

/**
 * The name itself when free, else `name-2.ext`, `name-3.ext`… Compared without case: a clone on
 * macOS or Windows could not hold both, and a git tree must not list one path twice.
 */
export function makeUnique(path: string, taken: Set<string>): string {
  const dot = path.lastIndexOf('.');
  const slash = path.lastIndexOf('/');
  const [stem, ext] = dot > slash + 1 ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  let candidate = path;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A batch's names, unique within the batch (identical pictures under HASH included). */
export function renameBatch(inputs: readonly RenameInput[]): string[] {
  const taken = new Set<string>();
  return inputs.map((input) => makeUnique(renameFile(input), taken));
}
