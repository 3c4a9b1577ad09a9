/**
 * HEIC/HEIF decoding through libheif compiled to WebAssembly (the libheif-js package, with libde265
 * for HEVC, the codec of iPhone photos). Chromium and Firefox cannot decode HEIC, so the browser
 * engine hands such files here. This module is the part that does not care where it runs: bringing
 * the runtime up from its wasm bytes and reading the primary image's RGBA pixels. Loading the
 * package and its wasm is the caller's business (a lazy import in the worker, fs in tests).
 */

/** The bits of libheif-js's JavaScript API used here (its bundled .d.ts covers only the raw embind calls). */
interface HeifImageLike {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  /** Decodes to interleaved RGBA into `target.data`; calls back with `target`, or null on failure. */
  display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: unknown) => void): void;
  free(): void;
}

interface HeifDecoderLike {
  /** The libheif context of the last decode; HeifDecoder never frees it itself. */
  decoder: number | null;
  /** Every top-level image of the file; empty when the file cannot be parsed. */
  decode(bytes: Uint8Array): HeifImageLike[];
}

export interface LibHeif {
  HeifDecoder: new () => HeifDecoderLike;
  heif_context_free(context: number): void;
}

export interface HeifPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray<ArrayBuffer>;
}

export class HeifDecodeError extends Error {
  constructor(
    readonly reason: 'decode' | 'tooLarge',
    message: string,
  ) {
    super(message);
    this.name = 'HeifDecodeError';
  }
}

function isLibHeif(value: unknown): value is LibHeif {
  return (
    typeof value === 'object' &&
    value !== null &&
    'HeifDecoder' in value &&
    typeof value.HeifDecoder === 'function' &&
    'heif_context_free' in value
  );
}

/** The emscripten factory of libheif-js: module options in, the module object out (ready once onRuntimeInitialized fires). */
export type LibHeifFactory = (options: { wasmBinary: ArrayBuffer | Uint8Array; onRuntimeInitialized: () => void }) => unknown;

/** Brings libheif up from its wasm bytes; resolves once the runtime can be called. */
export function initLibHeif(factory: LibHeifFactory, wasmBinary: ArrayBuffer | Uint8Array): Promise<LibHeif> {
  return new Promise((resolve, reject) => {
    // The factory may call onRuntimeInitialized before it returns (with wasmBinary given it can
    // instantiate synchronously), so the module is read a microtask later, once assigned.
    const module: unknown = factory({
      wasmBinary,
      onRuntimeInitialized: () =>
        void Promise.resolve().then(() =>
          isLibHeif(module) ? resolve(module) : reject(new Error('libheif-js did not expose HeifDecoder')),
        ),
    });
  });
}

/**
 * The primary image of a HEIF file as RGBA (libheif applies the file's rotation and mirroring).
 * `maxSide` is checked on the header's size before any pixel is decoded, so an oversized photo
 * costs no memory.
 */
export async function decodeHeif(lib: LibHeif, bytes: Uint8Array, maxSide: number): Promise<HeifPixels> {
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new HeifDecodeError('decode', 'no image in the HEIF file');
    const width = image.get_width();
    const height = image.get_height();
    if (width > maxSide || height > maxSide) throw new HeifDecodeError('tooLarge', `${width}×${height}`);
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const result = await new Promise<unknown>((resolve) => image.display(target, resolve));
    if (!result) throw new HeifDecodeError('decode', 'libheif could not decode the image');
    return target;
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
