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
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new HttpError(413, API_CODE.BAD_REQUEST, MSG.avatarTooLarge, { popupNotice: true });
    return badRequest(`file: ${error.message}`);
  }
  return badRequest('file: 上传格式错误 / Malformed upload');
}

export const receiveAvatar: RequestHandler = (req, res, next) => {
  readSingleFile(req, res, (error: unknown) => next(error ? uploadError(error) : undefined));
};
