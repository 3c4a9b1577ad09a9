export { createHttpClient, HTTP_TIMEOUT_MS, LOGIN_PATH, REQUEST_ID_HEADER } from './client';
export type { AuthHooks, HttpClient, HttpClientOptions, HttpMessageOptions, LoginTarget, Translate } from './client';
export { HttpError, isHttpError } from './errors';
export type { HttpErrorDetails, HttpErrorKind } from './errors';
export { cn as httpCn, en as httpEn } from './locales';
export type { HttpMessageKey } from './locales';
export type { ShownMessage } from './server-message';
