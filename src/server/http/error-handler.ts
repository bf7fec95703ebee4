import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '#shared/schemas/common';
import { DomainError, UNAVAILABLE_RETRY_AFTER, type DomainErrorKind } from '../domain-errors';
import { databaseRefusal } from './database-refusals';
import { HttpError } from './errors';

/** The status code of each domain error (services throw them; this is the one place they become HTTP). */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  limit_reached: 429,
  provider_unavailable: 502,
  unavailable: 503,
};

export function errorBody(code: string, message: string, issues?: { path: string; message: string }[]): ErrorResponse {
  return { error: { code, message, ...(issues ? { issues } : {}) } };
}

/** Every error of every route becomes the spec's `{ error: { code, message } }` body here. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'Invalid value',
    }));
    const first = issues[0];
    return reply
      .status(400)
      .send(errorBody('invalid_request', first ? `${first.path}: ${first.message}` : 'Invalid request', issues));
  }
  if (error instanceof DomainError) {
    // A check that cannot be made now (Redis unreachable): worth trying again in a few seconds.
    if (error.kind === 'unavailable') reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER));
    return reply.status(DOMAIN_ERROR_STATUS[error.kind]).send(errorBody(error.code, error.message));
  }
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(errorBody(error.code, error.message));
  }
  const refused = databaseRefusal(error);
  if (refused) {
    // Our validation missed a rule the database holds: worth fixing, but the client's input, not an outage.
    request.log.warn({ err: error }, 'database refused the request');
    return reply.status(refused.statusCode).send(errorBody(refused.code, refused.message));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  }
  return reply.status(status).send(errorBody(error.code?.toLowerCase() ?? 'bad_request', error.message));
}
