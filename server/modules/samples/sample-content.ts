import { createHash } from 'node:crypto';
import { identify } from '@shared/file-type/identify';
import { checkName } from '@shared/file-type/name-check';
import { bytesBlob } from '@shared/file-type/source';
import { HttpError } from '../../http/http-error';
import { API_CODE } from '@shared/contracts/api';
import { MSG, badRequest } from './messages';

/** What the catalogue records of a file's bytes. */
export interface SampleContent {
  format: string;
  mime: string;
  size: number;
  md5: string;
  sha256: string;
}

/**
 * Identifies the bytes with the project's file-type identification (shared/file-type: magic bytes,
 * containers, text formats) and refuses a file whose name says something its content does not: a
 * sample is what its name claims, or it would mislead the developers who test with it. Unknown and
 * empty content is refused too, since the catalogue could not say what it is.
 */
export async function examineSample(name: string, bytes: Uint8Array): Promise<SampleContent> {
  if (bytes.length === 0) throw badRequest(MSG.emptyFile);
  // A plain view: a Buffer's slice() shares memory, and bytesBlob hands out its slices' whole buffer.
  const detected = await identify(bytesBlob(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)));
  const check = checkName(name, detected);
  const label = detected.label || detected.ext.toUpperCase();
  if (check.status === 'unchecked') throw badRequest(MSG.unknownContent);
  if (check.status === 'missing')
    throw new HttpError(400, API_CODE.BAD_REQUEST, {
      key: 'samples.extensionMissing',
      params: { detected: label, suggested: check.suggestedName ?? '' },
      field: 'name',
    });
  if (check.status === 'mismatch')
    throw new HttpError(400, API_CODE.BAD_REQUEST, {
      key: 'samples.contentMismatch',
      params: { detected: label, extension: check.extension, suggested: check.suggestedName ?? '' },
      field: 'file',
    });
  return {
    format: label,
    mime: detected.mime,
    size: bytes.length,
    md5: createHash('md5').update(bytes).digest('hex'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
