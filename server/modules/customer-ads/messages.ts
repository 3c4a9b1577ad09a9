import { API_CODE } from '@shared/contracts/api';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';

/** The ads module's visitor messages (group `ads`), with the form field each one blames. */
export const MSG = {
  notFound: { key: 'ads.notFound' },
  notYours: { key: 'ads.notYours' },
  statusChange: { key: 'ads.statusChange', field: 'status' },
  notEditable: { key: 'ads.notEditable' },
  content: { key: 'ads.field.content', field: 'settings' },
  imageField: { key: 'ads.field.image', field: 'image' },
  imageTooLarge: { key: 'ads.imageTooLarge', field: 'image' },
  imageWrongType: { key: 'ads.imageWrongType', field: 'image' },
  imageUnreadable: { key: 'ads.imageUnreadable', field: 'image' },
  uploadMalformed: { key: 'ads.uploadMalformed', field: 'image' },
  request: { key: 'ads.field.request' },
} as const satisfies Record<string, ServerMessage>;

export const badRequest = (message: ServerMessage) => new HttpError(400, API_CODE.BAD_REQUEST, message);
export const notFound = () => new HttpError(404, API_CODE.NOT_FOUND, MSG.notFound);
export const forbidden = () => new HttpError(403, API_CODE.FORBIDDEN, MSG.notYours);
