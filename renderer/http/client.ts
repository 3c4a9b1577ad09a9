import axios, { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import i18n from 'i18next';
import qs from 'qs';
import { decodePayload, isEncodedCode } from '@shared/api/payload-codec';
import { API_CODE } from '@shared/contracts/api';
import type { ApiEnvelope } from '@shared/contracts/api';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { randomHexId } from '@/lib/ids';
import { recordFailedRequest } from '@/lib/log';
import { notify as showMessage } from '@/lib/notify';
import type { NotifyType } from '@/lib/notify';
import './config';
import { HttpError } from './errors';
import type { HttpErrorDetails } from './errors';
import { cn } from './locales';
import type { HttpMessageKey, HttpTextName } from './locales';
import { readServerMessages } from './server-message';
import { recoverSessionOnce } from './session-recovery';

/** Spec §7/§9: every call gives up after 60 s. */
export const HTTP_TIMEOUT_MS = 60_000;
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const LOGIN_PATH = '/user/login';

/**
 * i18next options: the cn text to fall back on, and interpolation values under `replace`, so a
 * server's parameter can never be taken for an option (`lng`, `count`, `defaultValue`…).
 */
export type HttpMessageOptions = {
  defaultValue: string;
  replace?: Record<string, string | number>;
};
export type Translate = (key: HttpMessageKey, options: HttpMessageOptions) => string;

export interface LoginTarget {
  /** The address to come back to after logging in. */
  redirect: string;
  /** The site title, shown by the login page. */
  name: string;
}

/**
 * Where the accounts work plugs in (spec §4 "Authentication", §8 first two rows).
 *
 * - `refreshToken`: called on a 401 whose envelope code is 40100, at most once per page (see
 *   session-recovery.ts). Resolve when new tokens are stored — the page then reloads; reject when
 *   there is no refresh token or the refresh failed — the session is then ended as below, and the
 *   rejection's message becomes the call's error message.
 * - `resetToken`: forget both tokens; runs before `goToLogin` on any other 401.
 * - `goToLogin`: leave for the login page with the current address and the site title.
 *
 * Defaults, until accounts exist: there is never a refresh token ('refresh token does not exist'),
 * there is nothing to reset, and the login page is `/user/login?redirect=…&name=…` via `navigate`.
 */
export interface AuthHooks {
  refreshToken(): Promise<void>;
  resetToken(): void | Promise<void>;
  goToLogin(target: LoginTarget): void;
}

/** Everything the client needs from the page, injectable so the client runs (and is tested) under Node. */
export interface HttpClientOptions {
  baseURL?: string;
  /** Defaults to HTTP_TIMEOUT_MS; a single call can still pass its own `timeout`. */
  timeout?: number;
  /** The page state's requestId (spec §3); an empty id is not sent. Defaults to a private holder. */
  getRequestId?: () => string | undefined;
  setRequestId?: (id: string) => void;
  createRequestId?: () => string;
  /** Whether the page runs in debug mode; defaults to a `debug` parameter in the address. */
  isDebug?: () => boolean;
  /** Defaults to the app's deduplicating toast (renderer/lib/notify.ts). */
  notify?: (type: NotifyType, text: string) => void;
  /**
   * Defaults to i18next's default instance — the one renderer/i18n initialises, where the shell
   * registers locales.ts under `common:http` — imported directly so the client does not pull in
   * every tool's locales and stays importable under Node. Until the keys are registered, the cn
   * texts are the fallback (`defaultValue`).
   */
  translate?: Translate;
  /** In-app navigation (403 → home, default login); defaults to a full page load. */
  navigate?: (path: string) => void;
  reload?: () => void;
  getCurrentAddress?: () => string;
  getSiteTitle?: () => string;
  /** The page's language, for a server message without keys this build knows (`field: 中文 / English`). */
  getLanguage?: () => 'cn' | 'en';
  auth?: Partial<AuthHooks>;
}

export interface HttpClient {
  /** The configured instance, for what the helpers don't cover (upload progress, blobs). Its responses already carry the unwrapped `data`. */
  readonly axios: AxiosInstance;
  request<T = unknown>(config: AxiosRequestConfig): Promise<T>;
  get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<T>;
  delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
}

function isEnvelope(body: unknown): body is ApiEnvelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiEnvelope).code === 'number' &&
    typeof (body as ApiEnvelope).msg === 'string'
  );
}

/** The 2xxxx family is success: 20000 plain, 20003/20004 encoded. */
const isSuccessCode = (code: number) => code >= 20000 && code < 30000;

/** Spec §8: these envelopes carry a message meant for the visitor, whatever their status. */
const isPopup = (envelope: ApiEnvelope) => envelope.code === API_CODE.SERVER_ERROR || envelope.ext?.popupNotice === true;

/** Keeps the request id chain going for a client the shell has not tied to its page state. */
function privateRequestIdHolder() {
  let current: string | undefined;
  return {
    get: () => current,
    set: (id: string) => {
      current = id;
    },
  };
}

const debugInAddress = () => typeof location !== 'undefined' && new URLSearchParams(location.search).has('debug');

/**
 * Builds an API client with the shared rules of spec §7 and the error catalogue of spec §8.
 * Calls resolve to the envelope's `data` (decoded for 20003/20004), or to the raw body when the
 * response is not an envelope; they reject with an HttpError after the visitor has been told.
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const holder = privateRequestIdHolder();
  const getRequestId = options.getRequestId ?? holder.get;
  const setRequestId = options.setRequestId ?? holder.set;
  const createRequestId = options.createRequestId ?? (() => randomHexId());
  const isDebug = options.isDebug ?? debugInAddress;
  const notify = options.notify ?? showMessage;
  const translate: Translate = options.translate ?? ((key, values) => i18n.t(key, values));
  const navigate = options.navigate ?? ((path: string) => location.assign(path));
  const reload = options.reload ?? (() => location.reload());
  const getCurrentAddress = options.getCurrentAddress ?? (() => location.href);
  const getSiteTitle = options.getSiteTitle ?? (() => i18n.t('site.title'));
  const getLanguage = options.getLanguage ?? (() => (i18n.language === 'en' ? 'en' : 'cn'));

  const text = (name: HttpTextName, values?: Record<string, string | number>) =>
    translate(`http.${name}`, { replace: values, defaultValue: cn[name] });
  const serverText = (message: ServerMessage) =>
    translate(`http.server.${message.key}`, { replace: message.params, defaultValue: serverMessageText(message, 'cn') });

  /** What the visitor is told of an envelope meant for them (spec §8: code 50000 or ext.popupNotice). */
  const popupError = (envelope: ApiEnvelope, details: HttpErrorDetails) => {
    const messages = readServerMessages(envelope, serverText, getLanguage());
    const texts = [...new Set(messages.map((message) => message.text).filter(Boolean))];
    const message = texts.join(text('listSeparator')) || text('serverError');
    return new HttpError(message, { ...details, messages });
  };

  const auth: AuthHooks = {
    refreshToken: () => Promise.reject(new Error(text('refreshMissing'))),
    // Without accounts there is no stored token to forget.
    resetToken: () => undefined,
    goToLogin: ({ redirect, name }) => navigate(`${LOGIN_PATH}?${qs.stringify({ redirect, name })}`),
    ...options.auth,
  };

  /** A message the visitor must see unless the call is quiet. */
  const tell = (config: AxiosRequestConfig | undefined, message: string) => {
    if (!config?.quiet && !config?.background) notify('error', message);
  };
  /** A generic status message, which `hideMessage` also suppresses (spec §8: 500 and "other"). */
  const tellGeneric = (config: AxiosRequestConfig | undefined, message: string) => {
    if (!config?.hideMessage) tell(config, message);
  };

  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeout ?? HTTP_TIMEOUT_MS,
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    // `ids=1&ids=2`, which Express (and most servers) read back as an array; axios' default is `ids[]=`.
    paramsSerializer: { serialize: (params) => qs.stringify(params, { arrayFormat: 'repeat' }) },
    // Timeouts come back as ETIMEDOUT instead of the ECONNABORTED a browser abort also uses.
    transitional: { clarifyTimeoutError: true },
  });

  instance.interceptors.request.use((config) => {
    const requestId = getRequestId();
    if (requestId) config.headers.set(REQUEST_ID_HEADER, requestId);
    config.params = {
      ...config.params,
      // Defeats caches between us and the server that ignore the no-cache headers.
      ...(config.noTimestamp ? {} : { _t: Date.now() }),
      ...(isDebug() ? { debug: true } : {}),
    };
    return config;
  });

  /**
   * "Refreshing" the request id after a normal response (spec §7) means moving the page to a new id,
   * so each call of the page's chain can be told apart in the server logs. When the server issues
   * an id of its own in the X-Request-Id response header, that one is taken, so the next call
   * continues the server's chain; when it sends none, or only echoes the id we sent (which would
   * not be a refresh), a fresh id is generated here.
   */
  const refreshRequestId = (response: AxiosResponse) => {
    const issued: unknown = response.headers[REQUEST_ID_HEADER.toLowerCase()];
    const sent = response.config.headers.get(REQUEST_ID_HEADER);
    setRequestId(typeof issued === 'string' && issued !== '' && issued !== sent ? issued : createRequestId());
  };

  const unwrap = (response: AxiosResponse): AxiosResponse => {
    const body: unknown = response.data;
    if (!isEnvelope(body)) return response;
    const { config, status } = response;
    const details: HttpErrorDetails = { kind: 'business', status, code: body.code, body };
    if (isPopup(body)) {
      const error = popupError(body, details);
      tell(config, error.message);
      throw error;
    }
    // Other failure codes carry no message meant for the visitor: the caller decides what to say.
    if (!isSuccessCode(body.code)) throw new HttpError(body.msg, details);
    if (!isEncodedCode(body.code)) return { ...response, data: body.data };
    try {
      return { ...response, data: decodePayload(body.data, body.code) };
    } catch (cause) {
      const message = text('serverError');
      tellGeneric(config, message);
      throw new HttpError(message, { ...details, kind: 'decode', cause });
    }
  };

  /** Ends the session: say so, forget the tokens, send the visitor to log in. */
  const expireSession = async (config: AxiosRequestConfig | undefined) => {
    const message = text('authExpired');
    tell(config, message);
    await auth.resetToken();
    auth.goToLogin({ redirect: getCurrentAddress(), name: getSiteTitle() });
    return message;
  };

  /** 40100: refresh once per page, then reload; when the refresh fails the session ends instead. */
  const recoverExpiredToken = (config: AxiosRequestConfig | undefined) =>
    recoverSessionOnce(async () => {
      try {
        await auth.refreshToken();
      } catch (reason) {
        await expireSession(config);
        return reason instanceof Error && reason.message ? reason.message : text('refreshFailed');
      }
      reload();
      return text('authExpired');
    });

  /**
   * A background call's 401 leaves the page where it is: a reload or the login page would throw the
   * visitor out of what they are doing for a call they never made. An expired token is traded (the
   * session's shared refresh, not the page's once-only reload) and the call made again, once.
   */
  const backgroundUnauthorized = async (
    config: AxiosRequestConfig,
    details: Omit<HttpErrorDetails, 'kind'>,
    envelope: ApiEnvelope | undefined,
  ): Promise<AxiosResponse> => {
    const message = text('authExpired');
    if (envelope?.code === API_CODE.TOKEN_EXPIRED && !config.backgroundRetried) {
      const refreshed = await auth.refreshToken().then(
        () => true,
        () => false,
      );
      if (refreshed) return instance.request({ ...config, backgroundRetried: true });
    }
    throw new HttpError(message, { ...details, kind: 'unauthorized' });
  };

  const statusMessage = (status: number) => {
    if (status === 404) return text('notFound');
    if (status === 500) return text('serverError');
    if (status === 502 || status === 503) return text('maintenance');
    return text('unknownStatus', { status });
  };

  const fail = async (error: unknown): Promise<AxiosResponse> => {
    if (axios.isCancel(error)) throw new HttpError(error.message ?? 'canceled', { kind: 'canceled', cause: error });
    if (!axios.isAxiosError(error)) throw error;
    const { config, response } = error;
    if (!response) {
      const timedOut = error.code === AxiosError.ETIMEDOUT;
      const message = text(timedOut ? 'timeout' : 'networkDown');
      tell(config, message);
      throw new HttpError(message, { kind: timedOut ? 'timeout' : 'network', cause: error });
    }

    const body: unknown = response.data;
    const envelope = isEnvelope(body) ? body : undefined;
    const { status } = response;
    const details = { status, code: envelope?.code, body, cause: error };
    if (status === 401 && config?.background) return backgroundUnauthorized(config, details, envelope);
    if (status === 401) {
      const expired = envelope?.code === API_CODE.TOKEN_EXPIRED;
      const message = expired ? await recoverExpiredToken(config) : await expireSession(config);
      throw new HttpError(message, { ...details, kind: 'unauthorized' });
    }
    if (status === 403) {
      if (!config?.background) navigate('/');
      throw new HttpError(envelope?.msg || error.message, { ...details, kind: 'forbidden' });
    }
    if (envelope && isPopup(envelope)) {
      const popup = popupError(envelope, { ...details, kind: 'business' });
      tell(config, popup.message);
      throw popup;
    }
    const message = statusMessage(status);
    if (status === 404 || status === 502 || status === 503) tell(config, message);
    else tellGeneric(config, message);
    throw new HttpError(message, { ...details, kind: 'status' });
  };

  /** The console panel's record of a failed call (lib/log.ts): what was asked, the status, the id to quote. */
  const record = (config: AxiosRequestConfig | undefined, response: AxiosResponse | undefined, error: unknown) => {
    if (!(error instanceof HttpError) || error.kind === 'canceled') return;
    const issued: unknown = response?.headers[REQUEST_ID_HEADER.toLowerCase()];
    const sent: unknown = AxiosHeaders.from(config?.headers as AxiosHeaders | undefined).get(REQUEST_ID_HEADER);
    const requestId = typeof issued === 'string' && issued ? issued : typeof sent === 'string' && sent ? sent : undefined;
    const url = `${config?.baseURL ?? ''}${config?.url ?? ''}`;
    recordFailedRequest({ method: config?.method ?? 'get', url, status: response?.status, requestId, text: error.message });
  };

  instance.interceptors.response.use(
    (response) => {
      refreshRequestId(response);
      try {
        return unwrap(response);
      } catch (error) {
        record(response.config, response, error);
        throw error;
      }
    },
    (error: unknown) =>
      fail(error).catch((failure: unknown) => {
        const { config, response } = axios.isAxiosError(error) ? error : { config: undefined, response: undefined };
        record(config, response, failure);
        throw failure;
      }),
  );

  const request = <T>(config: AxiosRequestConfig) => instance.request<T>(config).then((response) => response.data);
  return {
    axios: instance,
    request,
    get: (url, config) => request({ ...config, method: 'GET', url }),
    delete: (url, config) => request({ ...config, method: 'DELETE', url }),
    post: (url, body, config) => request({ ...config, method: 'POST', url, data: body }),
    put: (url, body, config) => request({ ...config, method: 'PUT', url, data: body }),
  };
}
