import { LogController, type FastifyInstance } from 'fastify';
import { LimitRefusal } from '../modules/limits';
import { requestDomain } from './api-route';

/**
 * Fastify's own request lines, moved to debug: one info line per request buries what matters.
 * Errors are logged where they are handled (the envelope's error handler).
 */
class QuietRequestLog extends LogController {
  override incomingRequest(...[request]: Parameters<LogController['incomingRequest']>): void {
    request.log.debug({ method: request.method, url: request.url, ip: request.ip }, 'request');
  }

  override requestCompleted(
    ...[, request, reply]: Parameters<LogController['requestCompleted']>
  ): void {
    reply.log.debug(
      { url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  }
}

/** The app's log controller: request lines at debug. */
export function requestLogController(): LogController {
  return new QuietRequestLog();
}

/**
 * What the log keeps of refusals by a limit: the first of each window at warn, the rest at
 * debug, so info and warn stay readable under a flood.
 */
export function requestLog(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof LimitRefusal)) return;
    (error.firstInWindow ? request.log.warn : request.log.debug).call(
      request.log,
      { limit: error.limit, domain: requestDomain(request), ip: request.ip, url: request.url },
      'refused by a limit',
    );
  });
}
