import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';

/**
 * Probes (a load balancer's health checks, a Prometheus scrape) answer every few seconds: their
 * lines are debug, so the info log holds the traffic people make.
 */
const probes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One log line per request, written when its answer has gone: method, address, status, time in
 * milliseconds and the client's address (after TRUST_PROXY), under the request's id. Fastify's own
 * pair of lines ("incoming request", then "request completed" with the answer) and its separate
 * "Route … not found" become this one line (a 404 says it). An answer cut by an error is logged
 * at error level; the error handler (app.ts) logs a 5xx's cause itself.
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
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
        ...(error ? { err: error } : {}),
      },
      error ? 'request errored' : 'request completed',
    );
  }
}
