import type { TFunction } from 'i18next';
import type { Outcome } from './stego.worker';

/** A failed worker call, kept as is and put into words only when shown, so a language switch re-translates it. */
export type Failure = Extract<Outcome<unknown>, { ok: false }>;

/** The translated sentence for a failed worker call. */
export function failureMessage(t: TFunction<'image-steganography'>, failure: Failure): string {
  if (failure.error === 'componentUnavailable') return t('componentUnavailable', { ns: 'components' });
  return failure.error === 'unknown' ? t('errors.unknown', { message: failure.message ?? '' }) : t(`errors.${failure.error}`);
}

/** Upper-case container name for people ("JPEG", "PNG"); formats we do not sniff go by the file's extension. */
export function formatLabel(format: string, fileName: string): string {
  if (format !== 'other') return format.toUpperCase();
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toUpperCase() : '';
}
