/**
 * mux.js writes a fragmented MP4 whose header says "duration unknown" (0xffffffff, or 0): players
 * then show no length and cannot seek before the end. We know the length from the playlist, so
 * the header's durations (mvhd, each tkhd, each mdhd) are set to it before the file is written.
 */
export function setMp4Duration(init: Uint8Array, seconds: number): Uint8Array {
  const out = init.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const movie = { timescale: 0 };
  walk(view, 0, out.length, (type, start) => {
    const body = start + 8;
    if (type === 'moov' || type === 'trak' || type === 'mdia') return 'descend';
    if (type === 'mvhd') {
      movie.timescale = writeHeaderDuration(view, body, seconds);
    } else if (type === 'tkhd' && movie.timescale > 0) {
      // tkhd counts in the movie's timescale; its duration sits after track_ID and a reserved field.
      const version = view.getUint8(body);
      const offset = version === 1 ? body + 4 + 8 + 8 + 4 + 4 : body + 4 + 4 + 4 + 4 + 4;
      writeTicks(view, offset, version, Math.round(seconds * movie.timescale));
    } else if (type === 'mdhd') {
      writeHeaderDuration(view, body, seconds);
    }
    return 'skip';
  });
  return out;
}

/** mvhd and mdhd share a layout: version/flags, two times, timescale, duration. Returns the timescale. */
function writeHeaderDuration(view: DataView, body: number, seconds: number): number {
  const version = view.getUint8(body);
  const timescaleAt = version === 1 ? body + 4 + 8 + 8 : body + 4 + 4 + 4;
  const timescale = view.getUint32(timescaleAt);
  writeTicks(view, timescaleAt + 4, version, Math.round(seconds * timescale));
  return timescale;
}

function writeTicks(view: DataView, offset: number, version: number, ticks: number): void {
  if (version === 1) view.setBigUint64(offset, BigInt(ticks));
  else view.setUint32(offset, Math.min(ticks, 0xfffffffe));
}

type Visit = (type: string, start: number) => 'descend' | 'skip';

function walk(view: DataView, from: number, to: number, visit: Visit): void {
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return;
    if (visit(type, at) === 'descend') walk(view, at + header, at + size, visit);
    at += size;
  }
}

/** Reads the durations back (seconds), for tests and checks: mvhd's, then each mdhd's. */
export function readMp4Durations(file: Uint8Array): { movie: number | undefined; media: number[] } {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const result: { movie: number | undefined; media: number[] } = { movie: undefined, media: [] };
  walk(view, 0, file.length, (type, start) => {
    if (type === 'moov' || type === 'trak' || type === 'mdia') return 'descend';
    if (type === 'mvhd' || type === 'mdhd') {
      const body = start + 8;
      const version = view.getUint8(body);
      const timescaleAt = version === 1 ? body + 20 : body + 12;
      const timescale = view.getUint32(timescaleAt);
      const ticks = version === 1 ? Number(view.getBigUint64(timescaleAt + 4)) : view.getUint32(timescaleAt + 4);
      const seconds = timescale > 0 ? ticks / timescale : 0;
      if (type === 'mvhd') result.movie = seconds;
      else result.media.push(seconds);
    }
    return 'skip';
  });
  return result;
}
