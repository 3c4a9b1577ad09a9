import type { ImageOutputFormat } from '@shared/contracts/image';

/** File extension written for each output format. */
export const EXTENSIONS: Record<ImageOutputFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  bmp: 'bmp',
  ico: 'ico',
};

/** "holiday.HEIC" → "holiday.jpg": the input's base name with the output format's extension. */
export function outputName(inputName: string, format: ImageOutputFormat): string {
  const dot = inputName.lastIndexOf('.');
  const base = dot > 0 ? inputName.slice(0, dot) : inputName || 'image';
  return `${base}.${EXTENSIONS[format]}`;
}

/** Makes names unique for a zip: the second "a.jpg" becomes "a (2).jpg", compared without case like Windows does. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${base} (${copy})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * An output as a Blob. The Blob copies the view's own bytes, so no copy of ours first (a 143 MB BMP
 * costs the UI thread a quarter second per copy); only a shared buffer, which a Blob refuses, is copied.
 */
export const resultBlob = (result: { bytes: Uint8Array; mime: string }) =>
  new Blob([isPlainView(result.bytes) ? result.bytes : result.bytes.slice()], { type: result.mime });

const isPlainView = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> => bytes.buffer instanceof ArrayBuffer;
