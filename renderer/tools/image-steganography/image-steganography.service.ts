import { maxMessageBytes } from '@shared/image/lsb';

/** The page's pure helpers: capacity as people read it, and the output file's name. */

export interface CapacityReport {
  /** Longest message in UTF-8 bytes for this image and password mode. */
  readonly maxBytes: number;
  /** UTF-8 bytes of the current text. */
  readonly usedBytes: number;
  /** Roughly how many Chinese characters fit (3 UTF-8 bytes each). */
  readonly maxHanzi: number;
  readonly over: boolean;
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function capacityReport(capacity: number, text: string, encrypted: boolean): CapacityReport {
  const maxBytes = maxMessageBytes(capacity, encrypted);
  const usedBytes = utf8Length(text);
  return { maxBytes, usedBytes, maxHanzi: Math.floor(maxBytes / 3), over: usedBytes > maxBytes };
}

/** "photo.jpg" → "photo-hidden.png": always PNG, because lossy formats would destroy the hidden bits. */
export function outputFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name) || 'image';
  return `${base}-hidden.png`;
}
