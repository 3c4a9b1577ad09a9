import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import type { ApiEnvelope } from '@shared/contracts/api';
import { isServerMessageKey } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { isStorageFull } from '../db/errors';
import { envelope } from './envelope';
import { HttpError } from './http-error';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, API_CODE.NOT_FOUND, `No API at ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/**
 * A schema whose every check names a catalogue key (the account contracts do) refused input the
 * visitor typed: one message per issue, with the field it blames, for the client to translate.
 * Other schemas (no visitor reads them) keep zod's texts, one `path: message` per issue.
 */
function zodErrorToHttpError(error: ZodError): HttpError {
  const issues = error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  if (!issues.every((issue) => isServerMessageKey(issue.message))) {
    return new HttpError(
      400,
      API_CODE.BAD_REQUEST,
      issues.map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message)).join('; '),
    );
  }
  const messages = issues.map(({ field, message }) => ({ key: message as ServerMessageKey, ...(field ? { field } : {}) }));
  const distinct = messages.filter(
    (message, index) => messages.findIndex((other) => other.key === message.key && other.field === message.field) === index,
  );
  return new HttpError(400, API_CODE.BAD_REQUEST, distinct);
}

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

function send(res: Response, error: HttpError): void {
  const body: ApiEnvelope<null> = envelope(error.code, error.message, null);
  if (error.popupNotice) body.ext = { popupNotice: true, messages: [...error.messages] };
  res.status(error.status).json(body);
}

/** The single place an error becomes a response; nothing internal reaches the caller. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    // Too late for an envelope; Express closes the connection.
    next(error);
  } else if (error instanceof ZodError) {
    send(res, zodErrorToHttpError(error));
  } else if (error instanceof HttpError) {
    send(res, error);
  } else if (isMalformedUrl(error)) {
    send(res, new HttpError(400, API_CODE.BAD_REQUEST, { key: 'common.malformedUrl' }));
  } else if (isClientHttpError(error)) {
    res.status(error.status).json(envelope(API_CODE.BAD_REQUEST, clientErrorMessage(error), null));
  } else if (isStorageFull(error)) {
    // A write that is the point of the call (sign-up, session, settings) cannot be done; say why.
    req.log.error({ err: error }, 'storage full');
    send(res, new HttpError(507, API_CODE.SERVER_ERROR, { key: 'common.storageFull' }));
  } else {
    req.log.error({ err: error }, 'unhandled error');
    // Code 50000 is shown to the visitor (spec §8), so it says the catalogue's 500 text, never the error.
    send(res, new HttpError(500, API_CODE.SERVER_ERROR, { key: 'common.internalError' }));
  }
};
