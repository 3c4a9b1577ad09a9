import type { SampleCatalogue, SampleCategory, SampleFile } from '@shared/contracts/samples-base';

export type PreviewKind = 'image' | 'audio' | 'video' | 'text';

/** Text samples are shown up to this many bytes; a sample is small, but a page is smaller. */
export const TEXT_PREVIEW_BYTES = 16 * 1024;

/** Text types that are not text/*: what the file-type identification answers for data and code. */
const TEXT_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/yaml',
  'application/javascript',
  'application/x-sh',
  'image/svg+xml',
]);
/** What Chromium, Firefox and Safari all play or show; anything else is download-only. */
const MEDIA_IMAGE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
  'image/bmp',
  'image/x-icon',
]);
const MEDIA_AUDIO = new Set([
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'audio/flac',
  'audio/x-m4a',
  'audio/mp4',
  'audio/aac',
  'audio/webm',
]);
const MEDIA_VIDEO = new Set(['video/mp4', 'video/webm', 'video/ogg']);

/** How the page can show a sample in place, or null when only a download makes sense. */
export function previewKind(sample: Pick<SampleFile, 'mime' | 'size'>): PreviewKind | null {
  const mime = sample.mime.toLowerCase();
  if (MEDIA_IMAGE.has(mime)) return 'image';
  if (MEDIA_AUDIO.has(mime)) return 'audio';
  if (MEDIA_VIDEO.has(mime)) return 'video';
  if (mime.startsWith('text/') || TEXT_TYPES.has(mime) || mime.endsWith('+json') || mime.endsWith('+xml')) return 'text';
  return null;
}

export type Language = 'cn' | 'en';
export const languageOf = (i18nLanguage: string): Language => (i18nLanguage === 'en' ? 'en' : 'cn');

export const categoryName = (category: Pick<SampleCategory, 'nameCn' | 'nameEn'>, language: Language) =>
  language === 'en' ? category.nameEn : category.nameCn;

/** A description in the page's language, the other language's when it has none. */
export function sampleDescription(sample: Pick<SampleFile, 'descriptionCn' | 'descriptionEn'>, language: Language): string {
  const [own, other] = language === 'en' ? [sample.descriptionEn, sample.descriptionCn] : [sample.descriptionCn, sample.descriptionEn];
  return own || other;
}

/** Visitors see the categories that hold files; the admin's page shows every one. */
export const filledCategories = (catalogue: SampleCatalogue): SampleCategory[] =>
  catalogue.categories.filter((category) => category.samples.length > 0);

/** The first `TEXT_PREVIEW_BYTES` as UTF-8, cut at a character, and whether there was more. */
export function textPreview(bytes: Uint8Array): { text: string; truncated: boolean } {
  const truncated = bytes.length > TEXT_PREVIEW_BYTES;
  let end = Math.min(bytes.length, TEXT_PREVIEW_BYTES);
  // Back off continuation bytes so the cut never splits a character.
  if (truncated) while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return { text: new TextDecoder('utf-8').decode(bytes.subarray(0, end)), truncated };
}

/** Moves the item at `index` one place up (-1) or down (+1); the same list when it cannot move. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}
