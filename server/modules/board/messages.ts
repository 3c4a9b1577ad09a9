import { API_CODE } from '@shared/contracts/api';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';

/** The board module's visitor messages (group `board`). */
export const MSG = {
  notFound: { key: 'board.notFound' },
  notYours: { key: 'board.notYours' },
  editWindowOver: { key: 'board.editWindowOver' },
  banned: { key: 'board.banned' },
  request: { key: 'board.field.request' },
  id: { key: 'board.field.id', field: 'userId' },
} as const satisfies Record<string, ServerMessage>;

export const badRequest = (message: ServerMessage) => new HttpError(400, API_CODE.BAD_REQUEST, message);
export const forbidden = (message: ServerMessage) => new HttpError(403, API_CODE.FORBIDDEN, message);
export const notFound = () => new HttpError(404, API_CODE.NOT_FOUND, MSG.notFound);
export const filteredWord = (word: string) =>
  new HttpError(400, API_CODE.BAD_REQUEST, { key: 'board.filteredWord', params: { word }, field: 'content' });
