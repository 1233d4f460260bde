import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, httpStatusOf } from '../../events/errors';
import { requestLanguage, translator } from '../i18n';

/**
 * The one error handler of the HTTP routes: a refusal (DomainError) answers its status with the
 * message in the request's language, so a route throws instead of mapping; anything else keeps its
 * 4xx (Fastify's own, such as a body too large), and a 5xx answer is generic with the details in
 * the log, so no stack trace or SQL reaches a client.
 */
export function domainErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      const t = translator(requestLanguage(request.headers));
      return reply.code(httpStatusOf[error.code]).send({ message: t(error.key, error.params) });
    }
    const given = (error as { statusCode?: number }).statusCode;
    const status = given && given >= 400 ? given : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: error.message });
  });
}
