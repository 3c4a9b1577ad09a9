import type { Response } from 'express';
import { API_CODE } from '@shared/contracts/api';
import type { ApiEnvelope } from '@shared/contracts/api';
import { encodePayload } from '@shared/api/payload-codec';
import type { EncodedCode } from '@shared/api/payload-codec';

export const OK_MESSAGE = 'ok';

export function envelope<T>(code: number, msg: string, data: T): ApiEnvelope<T> {
  return { code, msg, data };
}

export function sendOk<T>(res: Response, data: T): void {
  res.json(envelope(API_CODE.OK, OK_MESSAGE, data));
}

/**
 * Sends `data` as the 20003/20004 string the client decodes transparently (spec §7).
 * WARNING: this only keeps naive scrapers from reading lists off the wire; it hides nothing.
 */
export function sendEncoded(res: Response, data: unknown, code: EncodedCode): void {
  res.json(envelope(code, OK_MESSAGE, encodePayload(data, code)));
}
