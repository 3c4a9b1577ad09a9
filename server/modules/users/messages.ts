import { API_CODE } from '@shared/contracts/api';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';

/**
 * The accounts module's visitor messages: catalogue keys (shared/contracts/server-messages.ts,
 * group `users`) with the form field each one blames, so the client shows it under that field.
 */
export const MSG = {
  loginFailed: { key: 'users.loginFailed' },
  accountDisabled: { key: 'users.accountDisabled' },
  userNameTaken: { key: 'users.userNameTaken', field: 'userName' },
  emailTaken: { key: 'users.emailTaken', field: 'email' },
  captchaWrong: { key: 'users.captchaWrong', field: 'captcha' },
  captchaTokenInvalid: { key: 'users.captchaTokenInvalid', field: 'captchaToken' },
  wrongOldPassword: { key: 'users.wrongOldPassword', field: 'oldPassword' },
  demoReadOnly: { key: 'users.demoReadOnly' },
  cannotDisableSelf: { key: 'users.cannotDisableSelf' },
  avatarTooLarge: { key: 'users.avatarTooLarge', field: 'file' },
  avatarMissing: { key: 'users.avatarMissing', field: 'file' },
  avatarWrongType: { key: 'users.avatarWrongType', field: 'file' },
  avatarUnreadable: { key: 'users.avatarUnreadable', field: 'file' },
  uploadMalformed: { key: 'users.uploadMalformed', field: 'file' },
  settingsNotJson: { key: 'users.settingsNotJson', field: 'settings' },
  settingsNotObject: { key: 'users.settingsNotObject', field: 'settings' },
} as const satisfies Record<string, ServerMessage>;

/** A 400 whose message the visitor sees. */
export const badRequest = (message: ServerMessage) => new HttpError(400, API_CODE.BAD_REQUEST, message);

export const notFound = (message: string) => new HttpError(404, API_CODE.NOT_FOUND, message);
