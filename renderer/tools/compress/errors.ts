import type { TFunction } from 'i18next';
import { archiveErrorCode } from '@shared/contracts/archive';
import type { ExpansionLimits } from '@shared/archive/limits';
import { formatFileSize } from '@/lib/format';

const BOMB_REASONS = ['ratio', 'tooLarge', 'tooManyEntries'] as const;

/** `fileUnavailable` details: an errno from the desktop, a DOMException name from the browser. */
const FILE_REASONS: Record<string, 'missing' | 'denied' | 'readOnly'> = {
  ENOENT: 'missing',
  ENOTDIR: 'missing',
  NotFoundError: 'missing',
  EACCES: 'denied',
  EPERM: 'denied',
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  EROFS: 'readOnly',
  NoModificationAllowedError: 'readOnly',
};

/**
 * Readable text for anything thrown. Workers can reject with plain objects (Emscripten's file
 * system throws an `ErrnoError` that is not an Error), which would otherwise print as "[object Object]".
 */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { name, message, errno, code } = error as Record<string, unknown>;
    const parts = [name, message, errno ?? code].filter((part) => (typeof part === 'string' && part !== '') || typeof part === 'number');
    if (parts.length > 0) return parts.join(' ');
  }
  return String(error);
}

/** The text after `archive:<code>: ` (the offending entry, or a bomb's reason). */
export function archiveErrorDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /archive:\w+: ?(.*)$/s.exec(message)?.[1]?.trim() ?? '';
}

/** A translated sentence for any failure of the archive capability. */
export function archiveErrorMessage(t: TFunction<'compress'>, error: unknown, limits: ExpansionLimits): string {
  const code = archiveErrorCode(error);
  if (!code) return t('errors.unknown', { message: describe(error) });
  const detail = archiveErrorDetail(error);
  if (code === 'bomb') {
    const reason = BOMB_REASONS.find((candidate) => detail.startsWith(candidate)) ?? 'ratio';
    const limit = reason === 'tooLarge' ? formatFileSize(limits.maxTotalBytes) : String(limits.maxEntries);
    return t('errors.bomb', { reason: t(`bombReasons.${reason}`, { limit }) });
  }
  if (code === 'unsafePath') return t('errors.unsafePath', { detail: detail || '?' });
  if (code === 'conflict') return t('errors.conflict', { detail: detail || '?' });
  if (code === 'unsupportedMethod') return t('errors.unsupportedMethod', { method: detail || '?' });
  if (code === 'missingVolume') return t('errors.missingVolume', { volume: detail || '?' });
  if (code === 'damagedEntry') return t('errors.damagedEntry', { name: detail || '?' });
  if (code === 'fileUnavailable') {
    const reason = FILE_REASONS[detail] ?? 'other';
    return t('errors.fileUnavailable', { reason: t(`fileReasons.${reason}`, { code: /^\w+$/.test(detail) ? detail : '?' }) });
  }
  return t(`errors.${code}`);
}

/**
 * Why a file is not an archive that can be opened, naming what it is instead (by content, with the
 * project's file type identification, loaded only for this): a message that stays on the page.
 */
export async function notArchiveMessage(t: TFunction<'compress'>, file: File): Promise<string> {
  const { identify } = await import('@shared/file-type/identify');
  const found = await identify(file, file.name).catch(() => undefined);
  const type = found?.label || (found?.kind === 'text' ? t('open.textFile') : '');
  return type ? t('open.notArchive', { name: file.name, type }) : t('open.notArchiveUnknown', { name: file.name });
}
