import type { RequestHandler } from 'express';
import multer from 'multer';
import { AVATAR_MAX_BYTES } from '@shared/contracts/users';
import { API_CODE } from '@shared/contracts/api';
import { HttpError } from '../../http/http-error';
import { MSG, badRequest } from './messages';

/**
 * Reads the `file` part into memory, stopping at 2 MB while streaming (busboy's limit), so an
 * oversized upload is neither buffered whole nor written anywhere.
 */
const readSingleFile = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5 },
}).single('file');

function uploadError(error: unknown): HttpError {
  if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
    return new HttpError(413, API_CODE.BAD_REQUEST, MSG.avatarTooLarge);
  // Multer's other refusals (too many parts, a file under another field name, a cut-off body) are
  // all one mistake to the visitor; its English texts are for developers.
  return badRequest(MSG.uploadMalformed);
}

export const receiveAvatar: RequestHandler = (req, res, next) => {
  readSingleFile(req, res, (error: unknown) => next(error ? uploadError(error) : undefined));
};
