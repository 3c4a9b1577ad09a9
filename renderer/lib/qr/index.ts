import { WorkerClient } from '../worker-client';
import type { QrWorkerApi } from './qr.worker';

export { QrError, qrErrorCode } from './qr-error';
export type { QrErrorCode } from './qr-error';

let client: WorkerClient<QrWorkerApi> | undefined;

/**
 * The texts of every QR code in a picture (a file, a pasted screenshot) or a camera frame, decoded
 * in a Web Worker with the bundled zxing wasm (no CDN). [] when there is none. Rejects with
 * QrError('notImage') for a file that is not a picture (check with qrErrorCode: the class is lost
 * across the worker), QrError('codecUnavailable') when the wasm could not be downloaded, or
 * WorkerCrashed.
 */
export function decodeQr(input: Blob | ImageData): Promise<string[]> {
  client ??= new WorkerClient<QrWorkerApi>(() => new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module', name: 'qr' }));
  return client.api.decode(input);
}
