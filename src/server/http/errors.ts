import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error a route throws on purpose: its message and code reach the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const CODES_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Every error leaves as `{ message, code }`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation
        .map((issue) => {
          const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return where ? `${where}: ${issue.message}` : issue.message;
        })
        .join('; ');
      return reply.status(400).send({ message: `Invalid ${error.validationContext ?? 'request'}: ${details}`, code: 'VALIDATION_ERROR' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Fastify's own client errors (bad JSON, body too large, rate limit) carry safe messages.
      return reply.status(status).send({ message: error.message, code: CODES_BY_STATUS[status] ?? error.code ?? 'CLIENT_ERROR' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
  });
}

export function apiNotFound(method: string, url: string) {
  return { message: `No API route ${method} ${url.split('?')[0]}`, code: 'NOT_FOUND' };
}
