import { encode as encodePng } from 'fast-png';
import { create } from 'qrcode';

/**
 * QR encoding with the `qrcode` package's matrix (the most used JavaScript encoder) drawn here as
 * SVG or PNG, so both come out the same on the website, the desktop and in Node tests, without a
 * canvas. Error correction M by default: what Google Authenticator's own codes use, and what keeps
 * a 600-character migration link at a version a phone camera reads off a screen.
 */
export interface QrImageOptions {
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone in modules; the standard asks for 4. */
  margin?: number;
}

export interface QrMatrix {
  size: number;
  /** Row-major, 1 = dark module. */
  modules: Uint8Array;
}

export function qrMatrix(text: string, options: QrImageOptions = {}): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: options.errorCorrection ?? 'M' });
  return { size: modules.size, modules: Uint8Array.from(modules.data) };
}

/** An SVG (one path, scalable, crisp at any size) with a white ground and quiet zone. */
export function qrSvg(text: string, options: QrImageOptions = {}): string {
  const { size, modules } = qrMatrix(text, options);
  const margin = options.margin ?? 4;
  const full = size + margin * 2;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules[y * size + x]) path += `M${x + margin} ${y + margin}h1v1h-1z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

/** A grey-scale PNG with `scale` pixels a module: for "save as image" and sharing. */
export function qrPng(text: string, options: QrImageOptions & { scale?: number } = {}): Uint8Array {
  const { size, modules } = qrMatrix(text, options);
  const margin = options.margin ?? 4;
  const scale = Math.max(1, Math.round(options.scale ?? 8));
  const side = (size + margin * 2) * scale;
  const data = new Uint8Array(side * side).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = ((y + margin) * scale + dy) * side + (x + margin) * scale;
        data.fill(0, row, row + scale);
      }
    }
  }
  return encodePng({ width: side, height: side, data, channels: 1, depth: 8 });
}
