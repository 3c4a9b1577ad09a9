import { serverMessagesCn, serverMessagesEn } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import type { LocaleShape } from '@/i18n/types';

/**
 * Texts of the HTTP client (spec §8). The shell registers them in the common namespace under
 * `http`, so the client looks them up as `http.<key>`. The cn values are the catalogue's texts
 * verbatim; the two refresh errors are given by the spec (§4) as English message texts, so cn keeps
 * them as written. `server` is the server message catalogue (shared/contracts/server-messages.ts):
 * the API sends its keys and the client shows them through i18n like its own texts.
 */
export const cn = {
  authExpired: '认证已过期，请登录!',
  notFound: '服务不存在!',
  serverError: '服务异常, 请通知下站长!',
  maintenance: '服务器维护升级中，请稍后访问!',
  unknownStatus: '未知异常! 状态码:[{{status}}]',
  networkDown: '网络不通',
  timeout: '请求超时，请稍后重试!',
  refreshMissing: 'refresh token does not exist',
  refreshFailed: 'token refresh error',
  /** Between several server messages shown as one notice. */
  listSeparator: '；',
  server: serverMessagesCn,
};

export const en: LocaleShape<typeof cn> = {
  authExpired: 'Your session has expired, please log in!',
  notFound: 'Service not found!',
  serverError: 'Service error, please let the webmaster know!',
  maintenance: 'The server is being upgraded, please come back later!',
  unknownStatus: 'Unknown error! Status code: [{{status}}]',
  networkDown: 'Network unreachable',
  timeout: 'The request timed out, please try again later!',
  refreshMissing: 'refresh token does not exist',
  refreshFailed: 'token refresh error',
  listSeparator: '; ',
  server: serverMessagesEn,
};

export type HttpTextName = Exclude<keyof typeof cn, 'server'>;
export type HttpMessageKey = `http.${HttpTextName}` | `http.server.${ServerMessageKey}`;
