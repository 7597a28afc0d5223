import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '@backlay/contract/envelope';
import { httpStatusFor, type ErrorCode } from '@backlay/contract/errors';
import { ApiError } from './api-error';

/** Fastify's own error codes, mapped to ours with a message a player or developer can act on. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'MALFORMED_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_REQUEST',
    message: 'The request body is empty but declared as JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'MALFORMED_REQUEST',
    message: 'The Content-Length does not match the body.',
  },
};

/** Maps any thrown error to the envelope; 5xx answers never carry internals. */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof ApiError) {
    if (error.retryAfterSeconds !== null)
      reply.header('retry-after', String(error.retryAfterSeconds));
    return reply
      .code(httpStatusFor(error.code))
      .send(fail(error.code, error.message, error.details));
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return reply.code(httpStatusFor(known.code)).send(fail(known.code, known.message));
  if (fastifyError.validation) {
    return reply
      .code(400)
      .send(fail('VALIDATION_FAILED', 'The request is not valid.', fastifyError.message ?? null));
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return reply
      .code(fastifyError.statusCode)
      .send(fail('MALFORMED_REQUEST', 'The request could not be read.'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .code(500)
    .send(fail('INTERNAL', 'Something went wrong on our side. Please try again.'));
}

/** Error and not-found handling for the whole app, in the envelope for `/api` and `/cdn`. */
export function registerEnvelopeHandlers(
  app: FastifyInstance,
  notFoundPage: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => FastifyReply | Promise<FastifyReply>,
): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api') {
      return reply
        .code(404)
        .send(fail('NOT_FOUND', `There is no API call ${request.method} ${url}.`));
    }
    if (url.startsWith('/cdn/')) {
      return reply.code(404).send(fail('NOT_FOUND', `There is no file at ${url}.`));
    }
    return notFoundPage(request, reply);
  });
}
