import { API_CODE } from '@shared/contracts/api';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';

/** The feedback module's visitor messages (group `feedback`), with the form field each one blames. */
export const MSG = {
  notFound: { key: 'feedback.notFound' },
  screenshotTooLarge: { key: 'feedback.screenshotTooLarge', field: 'screenshot' },
  screenshotWrongType: { key: 'feedback.screenshotWrongType', field: 'screenshot' },
  screenshotUnreadable: { key: 'feedback.screenshotUnreadable', field: 'screenshot' },
  uploadMalformed: { key: 'feedback.uploadMalformed', field: 'screenshot' },
  request: { key: 'feedback.field.request' },
} as const satisfies Record<string, ServerMessage>;

export const badRequest = (message: ServerMessage) => new HttpError(400, API_CODE.BAD_REQUEST, message);
export const notFound = () => new HttpError(404, API_CODE.NOT_FOUND, MSG.notFound);
