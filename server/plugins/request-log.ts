import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';
import { requestUserId } from './request-actor';

/**
 * Probes (a load balancer's health checks, a Prometheus scrape) answer every few seconds: their
 * lines are debug, so the info log holds the traffic people make.
 */
const probes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Query parameters whose values stay readable in the log: tRPC's batch flag, GraphQL's operation
 * name, and the dates, counts and cursors of the CSV and xAPI downloads. Every other value (tRPC's
 * `input`, a GraphQL query and its variables, a search, an xAPI `agent`) may hold a name or an
 * e-mail address, and reads `[redacted]`.
 */
const readableParameters = new Set([
  'batch',
  'operationName',
  'after',
  'before',
  'since',
  'until',
  'limit',
  'cursor',
  'ascending',
]);
/** A value of a readable parameter: short, without '@' or spaces (a date, a number, a name). */
const plainValue = /^[\w.:+-]{0,64}$/;
const plainName = /^[\w.[\]-]{1,40}$/;

/**
 * The address of a request as the log keeps it: the path (tRPC's procedure names included), and of
 * the query string the parameter names with only the harmless values.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (!plainName.test(name)) return '[redacted]';
      if (equals === -1) return name;
      let value: string;
      try {
        value = decodeURIComponent(pair.slice(equals + 1).replace(/\+/g, ' '));
      } catch {
        return `${name}=[redacted]`;
      }
      return readableParameters.has(name) && plainValue.test(value)
        ? `${name}=${value}`
        : `${name}=[redacted]`;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/**
 * One log line per request, written when its answer has gone: method, address (without personal
 * data: loggedUrl), status, time in milliseconds, the client's address (after TRUST_PROXY) and the
 * signed-in user's id (`userId`, null for anonymous callers), under the request's id (`reqId`).
 * Fastify's own pair of lines ("incoming request", then "request completed" with the answer) and
 * its separate "Route … not found" become this one line (a 404 says it). An answer cut by an error
 * is logged at error level; the error handler (app.ts) logs a 5xx's cause itself.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const level = error ? 'error' : probes.has(request.routeOptions.url ?? '') ? 'debug' : 'info';
    // The server's logger is pino (main.ts): skip building the line when its level is off.
    if (!(reply.log as Logger).isLevelEnabled(level)) return;
    reply.log[level](
      {
        method: request.method,
        url: loggedUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
        userId: requestUserId(request),
        ...(error ? { err: error } : {}),
      },
      error ? 'request errored' : 'request completed',
    );
  }
}
