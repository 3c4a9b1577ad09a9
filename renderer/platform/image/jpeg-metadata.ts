import { findOrientation } from '@shared/image/sniff';

/**
 * "Keep metadata" for the browser engine: canvas encoders write no EXIF, ICC or XMP, so those
 * segments are copied from the source JPEG into the new one. The pixels were already turned
 * upright, so the copied orientation tag is set to 1, or viewers would rotate a second time.
 * Pure, tested under Node.
 */

const KEPT = new Set([0xe1, 0xe2]);

/** The APP1 (EXIF, XMP) and APP2 (ICC) segments of a JPEG, each with its marker and length. */
export function metadataSegments(jpeg: Uint8Array): Uint8Array[] {
  const segments: Uint8Array[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    if (end > jpeg.length) break;
    if (KEPT.has(marker)) segments.push(jpeg.slice(at, end));
    at = end;
  }
  return segments;
}

/** A copy of `target` with `segments` inserted after its SOI/JFIF header, orientation reset to 1. */
export function withMetadata(target: Uint8Array, segments: readonly Uint8Array[]): Uint8Array {
  if (segments.length === 0) return target;
  let insertAt = 2;
  // Keep a JFIF APP0 first, where readers expect it.
  if (target[2] === 0xff && target[3] === 0xe0) insertAt = 4 + ((target[4]! << 8) | target[5]!);
  const extra = segments.reduce((sum, segment) => sum + segment.length, 0);
  const out = new Uint8Array(target.length + extra);
  out.set(target.subarray(0, insertAt), 0);
  let at = insertAt;
  for (const segment of segments) {
    const copy = segment.slice();
    // findOrientation reads a whole JPEG; two SOI bytes in front make the segment one.
    const asJpeg = new Uint8Array(copy.length + 2);
    asJpeg.set([0xff, 0xd8]);
    asJpeg.set(copy, 2);
    const orientation = findOrientation(asJpeg);
    if (orientation) new DataView(copy.buffer).setUint16(orientation.at - 2, 1, orientation.little);
    out.set(copy, at);
    at += copy.length;
  }
  out.set(target.subarray(insertAt), at);
  return out;
}
