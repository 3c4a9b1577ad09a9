/** Types for the parts of gifenc (which ships none) that shared/image/gif.ts uses. */
declare module 'gifenc' {
  type Pixels = Uint8Array | Uint8ClampedArray;
  /** rgb565 for opaque images; rgba4444 keeps an alpha component in each palette entry. */
  type PaletteFormat = 'rgb565' | 'rgb444' | 'rgba4444';
  type Palette = number[][];

  interface QuantizeOptions {
    format?: PaletteFormat;
    /** Snap alpha to 0 or 255 (at 127, or at the given threshold) before clustering. */
    oneBitAlpha?: boolean | number;
    clearAlpha?: boolean;
    clearAlphaColor?: number;
    clearAlphaThreshold?: number;
  }

  interface FrameOptions {
    palette?: Palette;
    transparent?: boolean;
    transparentIndex?: number;
    delay?: number;
    /** -1 writes no NETSCAPE loop block (a still image), 0 loops forever. */
    repeat?: number;
    colorDepth?: number;
    dispose?: number;
  }

  interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }

  export function GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): Encoder;
  export function quantize(rgba: Pixels, maxColors: number, options?: QuantizeOptions): Palette;
  export function applyPalette(rgba: Pixels, palette: Palette, format?: PaletteFormat): Uint8Array;
}
