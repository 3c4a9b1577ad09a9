/**
 * A 24-bit bottom-up Windows bitmap (BITMAPINFOHEADER, BI_RGB) from RGBA pixels. Neither canvas
 * nor sharp writes BMP, and 24-bit without alpha is the variant every reader opens, so transparent
 * pixels must already be composited onto a background. Pure: no DOM, no Node.
 */

const FILE_HEADER = 14;
const INFO_HEADER = 40;
/** 72 dpi in pixels per metre, what most writers put in. */
const PIXELS_PER_METRE = 2835;

export function writeBmp(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`bad BMP size ${width}×${height}`);
  if (rgba.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  // Each row is padded to a multiple of 4 bytes.
  const stride = Math.ceil((width * 3) / 4) * 4;
  const pixelBytes = stride * height;
  const bytes = new Uint8Array(FILE_HEADER + INFO_HEADER + pixelBytes);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x42;
  bytes[1] = 0x4d;
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, FILE_HEADER + INFO_HEADER, true);
  view.setUint32(14, INFO_HEADER, true);
  view.setInt32(18, width, true);
  // A positive height means rows are stored bottom-up.
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(30, 0, true);
  view.setUint32(34, pixelBytes, true);
  view.setInt32(38, PIXELS_PER_METRE, true);
  view.setInt32(42, PIXELS_PER_METRE, true);
  for (let y = 0; y < height; y += 1) {
    const row = FILE_HEADER + INFO_HEADER + (height - 1 - y) * stride;
    for (let x = 0; x < width; x += 1) {
      const source = (y * width + x) * 4;
      const target = row + x * 3;
      bytes[target] = rgba[source + 2]!;
      bytes[target + 1] = rgba[source + 1]!;
      bytes[target + 2] = rgba[source]!;
    }
  }
  return bytes;
}
