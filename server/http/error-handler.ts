import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import { envelope } from './envelope';
import { HttpError } from './http-error';

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, API_CODE.NOT_FOUND, `No API at ${req.method} ${req.originalUrl.split('?')[0]}`));
};

function describeZodError(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
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

/** The single place an error becomes a response; nothing internal reaches the caller. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    // Too late for an envelope; Express closes the connection.
    next(error);
  } else if (error instanceof ZodError) {
    res.status(400).json(envelope(API_CODE.BAD_REQUEST, describeZodError(error), null));
  } else if (error instanceof HttpError) {
    const body = envelope(error.code, error.message, null);
    res.status(error.status).json(error.popupNotice ? { ...body, ext: { popupNotice: true } } : body);
  } else if (isClientHttpError(error)) {
    res.status(error.status).json(envelope(API_CODE.BAD_REQUEST, clientErrorMessage(error), null));
  } else {
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).json(envelope(API_CODE.SERVER_ERROR, INTERNAL_ERROR_MESSAGE, null));
  }
};
