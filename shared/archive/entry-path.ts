/**
 * Entry names come from whoever made the archive. Before anything is listed or written, each name
 * is normalised and checked so that extraction can never leave the chosen folder ("zip slip").
 * Refusing beats silently rewriting: a user who sees `../../.bashrc` should know the archive is hostile.
 */

export type UnsafeReason = 'absolute' | 'traversal' | 'empty' | 'control';

export type EntryPathVerdict = { ok: true; path: string } | { ok: false; reason: UnsafeReason };

// C0 controls and DEL: NUL truncates paths in native APIs; the rest have no business in a file name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function safeEntryPath(raw: string): EntryPathVerdict {
  if (CONTROL.test(raw)) return { ok: false, reason: 'control' };
  const slashed = raw.replace(/\\/g, '/');
  // '/etc/passwd', '//server/share', 'C:/x' and 'C:x' (drive-relative) all escape the target folder.
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) return { ok: false, reason: 'absolute' };
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return { ok: false, reason: 'traversal' };
  if (segments.length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, path: segments.join('/') };
}
