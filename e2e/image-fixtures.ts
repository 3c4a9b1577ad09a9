import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Generated images that sharp cannot write directly, shared by the image tools' e2e specs. */

const pngChunks = (png: Buffer) => {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at))
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + png.readUInt32BE(at)) });
  return chunks;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};
const u32 = (...values: number[]) =>
  Buffer.concat(values.map((value) => Buffer.from([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255])));

/** An APNG of these frames (colours with alpha allowed): their PNGs from sharp, put together with acTL, fcTL and fdAT chunks. */
export async function apng(width: number, height: number, colours: readonly string[]): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 4, background } })
        .png()
        .toBuffer(),
    ),
  );
  const idat = (png: Buffer) =>
    pngChunks(png)
      .filter((each) => each.type === 'IDAT')
      .map((each) => each.data);
  let sequence = 0;
  const control = () => chunk('fcTL', Buffer.concat([u32(sequence++, width, height, 0, 0), Buffer.from([0, 1, 0, 10, 0, 0])]));
  const body = frames.flatMap((frame, index) => [
    control(),
    ...idat(frame).map((data) => (index === 0 ? chunk('IDAT', data) : chunk('fdAT', Buffer.concat([u32(sequence++), data])))),
  ]);
  const ihdr = pngChunks(frames[0]!).find((each) => each.type === 'IHDR')!.data;
  return Buffer.concat([
    frames[0]!.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('acTL', u32(frames.length, 0)),
    ...body,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header now declares 30000 × 30000 px: more than any browser decodes. */
export async function hugeJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .jpeg({ optimiseCoding: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(30000, sof + 5);
  jpeg.writeUInt16BE(30000, sof + 7);
  return jpeg;
}
