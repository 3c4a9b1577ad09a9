/**
 * - notImage: the file is not a picture the browser can open (or is damaged)
 * - codecUnavailable: the QR reader's wasm could not be downloaded (offline before the first use)
 */
export type QrErrorCode = 'notImage' | 'codecUnavailable';

/** Its message carries `qr:<code>` so the code survives the worker boundary (Comlink keeps only the message). */
export class QrError extends Error {
  constructor(
    readonly code: QrErrorCode,
    detail = '',
  ) {
    super(detail ? `qr:${code}: ${detail}` : `qr:${code}`);
    this.name = 'QrError';
  }
}

/** The code of a QrError, also after it crossed the worker boundary; undefined for anything else. */
export function qrErrorCode(error: unknown): QrErrorCode | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /\bqr:(notImage|codecUnavailable)\b/.exec(message)?.[1] as QrErrorCode | undefined;
}
