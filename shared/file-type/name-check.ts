/**
 * Does a file's name agree with what its content is? The warning must be worth reading, so it is
 * raised only when the name claims something the content contradicts:
 * - a name naming the detected format, one of its aliases (.jpeg), or its container (.zip for a
 *   .jar) is fine;
 * - a name more specific than a generic answer is fine (.conf for plain text, .docx for a zip we
 *   could not look into) — unless the name claims a strictly checked text format (.json, .srt,
 *   .xml) and the content failed that check;
 * - text found by heuristics (source code, CSV, Markdown…) does not contradict another text name;
 * - unknown or empty content contradicts nothing.
 */
import { FORMATS, acceptedExtensions, formatOfExtension, parentsOf } from './catalogue';
import type { Identification } from './identify';

export type NameStatus = 'ok' | 'mismatch' | 'missing' | 'unchecked';

export interface NameCheck {
  readonly status: NameStatus;
  /** The name's extension, lower case, compound for .tar.gz and the like; '' when it has none. */
  readonly extension: string;
  /** The name with the proper extension, for 'mismatch' and 'missing'. */
  readonly suggestedName?: string;
}

/** `a.tar.gz` → tar.gz, `photo.JPG` → jpg, `.bashrc` and `README` → ''. */
export function nameExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const compound = /[^.]\.(tar\.[a-z0-9]+)$/i.exec(base);
  if (compound) return compound[1]!.toLowerCase();
  const simple = /[^.]\.([^.\s]{1,16})$/.exec(base);
  return simple ? simple[1]!.toLowerCase() : '';
}

/** The name with its extension replaced by (or, without one, extended with) `ext`. */
export function renameWithExtension(name: string, ext: string): string {
  const extension = nameExtension(name);
  const stem = extension ? name.slice(0, name.length - extension.length - 1) : name;
  return `${stem}.${ext}`;
}

const isText = (format: string) => FORMATS[format]?.text !== undefined;

function contradicts(detected: Identification, extension: string): boolean {
  const accepted = acceptedExtensions(detected.format);
  if (accepted.has(extension) || extension === detected.ext) return false;
  // Numbered volumes (.001, .002…) are named by their place in a set, not by their format.
  if (/^\d+$/.test(extension)) return false;
  // The compound tar.xz names what we call xz (the tar inside is out of reach without a decoder).
  if (extension.startsWith('tar.') && accepted.has(extension.slice(4))) return false;
  const claimed = formatOfExtension(extension.startsWith('tar.') ? extension.slice(4) : extension);
  const detectedParents = parentsOf(detected.format);
  // The name names our answer's container: truthful, only less specific.
  if (claimed && detectedParents.includes(claimed)) return false;
  if (!claimed) return !isText(detected.format);
  const claimedInfo = FORMATS[claimed];
  // A more specific name for a generic answer: fine, except a strict text format that failed its check.
  if (parentsOf(claimed).includes(detected.format)) return claimedInfo?.text === 'strict' && detected.format === 'txt';
  if (isText(detected.format) && claimedInfo?.text) {
    if (claimedInfo.text === 'strict') return true;
    return FORMATS[detected.format]?.text === 'strict';
  }
  return true;
}

export function checkName(name: string, detected: Identification): NameCheck {
  const extension = nameExtension(name);
  if (detected.format === 'unknown' || detected.format === 'empty' || !detected.ext) return { status: 'unchecked', extension };
  if (!extension) return { status: 'missing', extension, suggestedName: renameWithExtension(name, detected.ext) };
  if (!contradicts(detected, extension)) return { status: 'ok', extension };
  return { status: 'mismatch', extension, suggestedName: renameWithExtension(name, detected.ext) };
}
