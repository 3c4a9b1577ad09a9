import { GIFEncoder, applyPalette, quantize } from 'gifenc';

/**
 * A still GIF (the first frame of whatever came in) from RGBA pixels: a 256-colour palette fitted
 * to the picture by gifenc's pairwise-nearest-neighbour quantizer, then each pixel mapped to its
 * nearest entry. GIF has one-bit transparency only, so when the picture has alpha every pixel below
 * half opacity becomes the palette's single transparent entry and the rest are opaque. Pure: runs in
 * the browser engine's worker and under Node.
 */

const ALPHA_THRESHOLD = 128;

function hasTransparency(rgba: Uint8Array | Uint8ClampedArray): boolean {
  for (let at = 3; at < rgba.length; at += 4) if (rgba[at]! < 255) return true;
  return false;
}

/**
 * gifenc reads the pixels through a Uint32Array over the whole underlying buffer, so a view into a
 * larger buffer would bring in bytes that are not the picture; such views are copied first.
 */
function ownBuffer(rgba: Uint8Array | Uint8ClampedArray): Uint8Array | Uint8ClampedArray {
  return rgba.byteOffset === 0 && rgba.byteLength === rgba.buffer.byteLength ? rgba : rgba.slice();
}

/**
 * Encodes `width`×`height` RGBA pixels as a GIF89a. Alpha is snapped to 0 or 255 in place (the caller
 * hands over its pixel buffer; copying a 50 MP image only to threshold it would double the memory).
 */
export function writeGif(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  if (pixels.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${pixels.length}`);
  const rgba = ownBuffer(pixels);
  const alpha = hasTransparency(rgba);
  if (alpha) {
    // applyPalette matches on all four channels, so half-transparent pixels must be decided here or
    // they would land on whichever entry is nearest in colour and opacity alike.
    for (let at = 3; at < rgba.length; at += 4) rgba[at] = rgba[at]! < ALPHA_THRESHOLD ? 0 : 255;
  }
  const format = alpha ? 'rgba4444' : 'rgb565';
  const palette = quantize(rgba, 256, { format, oneBitAlpha: alpha });
  const index = applyPalette(rgba, palette, format);
  const transparentIndex = alpha ? palette.findIndex((colour) => colour[3] === 0) : -1;
  const gif = GIFEncoder();
  gif.writeFrame(index, width, height, {
    palette,
    transparent: transparentIndex >= 0,
    transparentIndex: Math.max(transparentIndex, 0),
    repeat: -1,
  });
  gif.finish();
  return gif.bytes();
}
