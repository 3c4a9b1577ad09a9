import { expose, transfer } from 'comlink';
import type { ImageJobInput, ImageResult } from '@shared/contracts/image';
import { probeImage, processImage } from './canvas-engine';

/** What an image worker offers the UI thread (through Comlink). The pool gives it one image at a time. */
export const imageWorkerApi = {
  probe: probeImage,
  async process(file: Blob, job: ImageJobInput, onProgress?: (fraction: number) => void): Promise<ImageResult> {
    const result = await processImage(file, job, (fraction) => void onProgress?.(fraction));
    // Hand the encoded bytes over instead of copying them.
    return transfer(result, [result.bytes.buffer]);
  },
};

export type ImageWorkerApi = typeof imageWorkerApi;

expose(imageWorkerApi);
