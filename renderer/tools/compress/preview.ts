/** What the preview shows for an entry, decided by its name before any byte is read. */
export type PreviewKind = 'text' | 'image' | 'sniff';

/** Text is previewed up to this much: enough to recognise any document, small enough for a 100 MB log. */
export const PREVIEW_TEXT_BYTES = 256 * 1024;
/** Images are decoded whole; beyond this the page would stall. */
export const PREVIEW_IMAGE_BYTES = 32 * 1024 * 1024;

const TEXT =
  /\.(txt|md|markdown|json|jsonl|csv|tsv|log|xml|html?|css|scss|less|m?[jt]sx?|py|rb|go|rs|java|kt|swift|c|cc|cpp|h|hpp|cs|php|sh|bat|cmd|ps1|ini|cfg|conf|toml|ya?ml|sql|srt|ass|vtt|lrc|tex|properties|gitignore|env|vue|svelte)$/i;
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

export function previewKind(name: string): PreviewKind {
  if (TEXT.test(name)) return 'text';
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return extension in IMAGE_TYPES ? 'image' : 'sniff';
}

/** Binary if the start holds a NUL byte (text in UTF-8/GBK never does; UTF-16 is rare in archives). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/**
 * Spec §9's order of text encodings: UTF-8, GBK, ISO-8859-1. A preview cut mid-character is not an
 * encoding error, so the last few bytes are allowed to be an incomplete sequence.
 */
export function decodePreview(bytes: Uint8Array, truncated: boolean): { text: string; encoding: string } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  for (const encoding of ['utf-8', 'gbk']) {
    try {
      const decoder = new TextDecoder(encoding, { fatal: true });
      return { text: truncated ? decoder.decode(body, { stream: true }) : decoder.decode(body), encoding };
    } catch {
      // try the next encoding
    }
  }
  return { text: new TextDecoder('iso-8859-1').decode(body), encoding: 'iso-8859-1' };
}
