import type { ImageCapability } from '@shared/contracts/image';
import { inWorker, progressProxy } from './worker-pool';

/**
 * The website's image engine: createImageBitmap + OffscreenCanvas in a pool of Web Workers (one per
 * core), wasm codecs loaded on demand for AVIF and the "smallest file" mode. See canvas-engine.ts.
 */
export const browserImage: ImageCapability = {
  engine: 'browser',
  probe(file) {
    if (!(file instanceof Blob)) return Promise.reject(new TypeError('the browser image engine needs a File or Blob'));
    return inWorker((api) => api.probe(file));
  },
  process(file, job, options = {}) {
    if (!(file instanceof Blob)) return Promise.reject(new TypeError('the browser image engine needs a File or Blob'));
    return inWorker((api) => api.process(file, job, progressProxy(options.onProgress)), options.signal);
  },
};
