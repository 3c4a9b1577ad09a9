import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import type { ApiEnvelope } from '@shared/contracts/api';
import { envelope } from './envelope';
import { HttpError } from './http-error';

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, API_CODE.NOT_FOUND, `No API at ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/** A text written for the visitor: `中文 / English` (see modules/users/messages.ts). */
function bilingualHalves(message: string): { chinese: string; english: string } | undefined {
  const cut = message.indexOf(' / ');
  if (cut < 0) return undefined;
  const chinese = message.slice(0, cut);
  const english = message.slice(cut + 3);
  return /\p{Script=Han}/u.test(chinese) && english.trim() !== '' ? { chinese, english } : undefined;
}

interface DescribedError {
  message: string;
  popupNotice: boolean;
}

/**
 * When every issue carries a bilingual text (the account contracts do), the answer is one
 * `中文 / English` message the client can split by page language, and it is marked for the visitor.
 * A single field keeps the `field: ` prefix the client uses to put the text under that field;
 * several fields are named inside each half instead (full-width colon on the Chinese side), so the
 * client shows the whole half rather than pinning every text to the first field.
 * Other schemas (no visitor reads them) keep zod's texts, one `path: message` per issue.
 */
function describeZodError(error: ZodError): DescribedError {
  const issues = error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  const groups = new Map<string, { chinese: Set<string>; english: Set<string> }>();
  for (const { field, message } of issues) {
    const halves = bilingualHalves(message);
    if (!halves) return { message: issues.map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message)).join('; '), popupNotice: false };
    const group = groups.get(field) ?? { chinese: new Set(), english: new Set() };
    group.chinese.add(halves.chinese);
    group.english.add(halves.english);
    groups.set(field, group);
  }
  const entries = [...groups].map(([field, group]) => ({ field, chinese: [...group.chinese].join('；'), english: [...group.english].join('; ') }));
  const [only] = entries;
  if (entries.length === 1 && only) return { message: `${only.field ? `${only.field}: ` : ''}${only.chinese} / ${only.english}`, popupNotice: true };
  const chinese = entries.map((entry) => (entry.field ? `${entry.field}：${entry.chinese}` : entry.chinese)).join('；');
  const english = entries.map((entry) => (entry.field ? `${entry.field}: ${entry.english}` : entry.english)).join('; ');
  return { message: `${chinese} / ${english}`, popupNotice: true };
}

const MALFORMED_URL_MESSAGE = '网址格式错误 / Malformed URL';

/**
 * The router decodes path parameters before any handler runs; a bad percent-escape (`/users/%/…`)
 * comes back as a URIError with status 400. That is the caller's mistake, not a server fault.
 */
function isMalformedUrl(error: unknown): boolean {
  return error instanceof URIError && (error as URIError & { status?: unknown }).status === 400;
}

/** Errors raised by body-parser and serve-static (http-errors): `expose` marks their message as safe. */
interface ClientHttpError {
  status: number;
  expose: boolean;
  type?: string;
  message: string;
}

function isClientHttpError(error: unknown): error is ClientHttpError {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as Partial<ClientHttpError>;
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true;
}

function clientErrorMessage(error: ClientHttpError): string {
  if (error.type === 'entity.too.large') return 'Request body is too large';
  if (error.type === 'entity.parse.failed') return 'Request body is not valid JSON';
  return error.message;
}

function send(res: Response, status: number, body: ApiEnvelope<null>, popupNotice: boolean): void {
  res.status(status).json(popupNotice ? { ...body, ext: { popupNotice: true } } : body);
}

/** The single place an error becomes a response; nothing internal reaches the caller. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    // Too late for an envelope; Express closes the connection.
    next(error);
  } else if (error instanceof ZodError) {
    const { message, popupNotice } = describeZodError(error);
    send(res, 400, envelope(API_CODE.BAD_REQUEST, message, null), popupNotice);
  } else if (error instanceof HttpError) {
    send(res, error.status, envelope(error.code, error.message, null), error.popupNotice);
  } else if (isMalformedUrl(error)) {
    send(res, 400, envelope(API_CODE.BAD_REQUEST, MALFORMED_URL_MESSAGE, null), true);
  } else if (isClientHttpError(error)) {
    res.status(error.status).json(envelope(API_CODE.BAD_REQUEST, clientErrorMessage(error), null));
  } else {
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).json(envelope(API_CODE.SERVER_ERROR, INTERNAL_ERROR_MESSAGE, null));
  }
};
