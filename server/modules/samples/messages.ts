import { API_CODE } from '@shared/contracts/api';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';

/** The samples module's visitor messages (group `samples`), with the form field each one blames. */
export const MSG = {
  notFound: { key: 'samples.notFound' },
  categoryNotFound: { key: 'samples.categoryNotFound', field: 'categoryId' },
  categoryNotEmpty: { key: 'samples.categoryNotEmpty' },
  fileMissing: { key: 'samples.fileMissing', field: 'file' },
  fileTooLarge: { key: 'samples.fileTooLarge', field: 'file' },
  uploadMalformed: { key: 'samples.uploadMalformed', field: 'file' },
  emptyFile: { key: 'samples.emptyFile', field: 'file' },
  unknownContent: { key: 'samples.unknownContent', field: 'file' },
} as const satisfies Record<string, ServerMessage>;

export const badRequest = (message: ServerMessage) => new HttpError(400, API_CODE.BAD_REQUEST, message);
export const notFound = (message: ServerMessage = MSG.notFound) => new HttpError(404, API_CODE.NOT_FOUND, message);
