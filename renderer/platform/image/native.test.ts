import { describe, expect, it } from 'vitest';
import { ImageError } from '@shared/contracts/image';
import type { ImageCapability, ImageResult } from '@shared/contracts/image';
import type { NativeApi } from '@shared/contracts/native';
import { createNativeImage } from './native';

const file = { name: 'IMG_0001.HEIC', size: 3, slice: () => ({ arrayBuffer: async () => new ArrayBuffer(0) }) };
const job = { output: { format: 'jpeg' as const } };
const result = (from: string): ImageResult => ({
  bytes: new Uint8Array([1]),
  mime: 'image/jpeg',
  format: 'jpeg',
  width: 1,
  height: 1,
  quality: 80,
  ...{ from },
});

function setup(nativeError?: Error) {
  const calls: string[] = [];
  const native = {
    image: {
      hasPath: () => true,
      probe: () =>
        nativeError ? Promise.reject(nativeError) : Promise.resolve({ width: 1, height: 1, format: 'jpeg', hasAlpha: false, frames: 1 }),
      process: () => {
        calls.push('native');
        return nativeError ? Promise.reject(nativeError) : Promise.resolve(result('native'));
      },
      cancel: async () => undefined,
    },
  } as unknown as NativeApi;
  const fallback: ImageCapability = {
    engine: 'browser',
    probe: async () => ({ width: 2, height: 2, format: 'heic', hasAlpha: false, frames: 1 }),
    process: async () => {
      calls.push('browser');
      return result('browser');
    },
  };
  return { image: createNativeImage(native, fallback), calls };
}

describe('createNativeImage', () => {
  it('uses sharp when it can read the file', async () => {
    const { image, calls } = setup();
    await expect(image.process(file, job)).resolves.toMatchObject({ from: 'native' });
    expect(calls).toEqual(['native']);
  });

  it('hands a file sharp cannot read (HEVC HEIC) to the browser engine', async () => {
    // Electron's IPC prefixes the message; the code must still be recognised.
    const { image, calls } = setup(
      new Error(`Error invoking remote method 'image:process': ${new ImageError('unsupportedInput', 'heic: bad seek').message}`),
    );
    await expect(image.process(file, job)).resolves.toMatchObject({ from: 'browser' });
    expect(calls).toEqual(['native', 'browser']);
    await expect(image.probe(file)).resolves.toMatchObject({ format: 'heic' });
  });

  it('reports other failures as they are, without a second attempt', async () => {
    const { image, calls } = setup(new ImageError('decode', 'truncated'));
    await expect(image.process(file, job)).rejects.toThrow('image:decode');
    expect(calls).toEqual(['native']);
    await expect(image.probe(file)).rejects.toThrow('image:decode');
  });
});
