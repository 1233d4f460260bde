import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, httpStatusOf } from '../../events/errors';
import { requestLanguage, translator } from '../i18n';

/** How an answer names the part of a request that failed its route's schema. */
const partNames: Record<string, string> = { querystring: 'query', params: 'path', body: 'body' };

/**
 * The problems of a request that failed its route's schema, for a developer calling the API: each
 * names its field (`since: must be …`), an unknown parameter, or a query parameter given twice
 * (the query string parser makes an array of it).
 */
function schemaProblems(
  part: string,
  issues: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[],
): string {
  return issues
    .map((issue) => {
      if (issue.keyword === 'unrecognized_keys') {
        const keys = (issue.params.keys as string[] | undefined) ?? [];
        return `unknown ${part === 'querystring' ? 'parameter' : 'field'} ${keys.join(', ')}`;
      }
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || partNames[part] || part;
      const given = part === 'querystring' && issue.message?.endsWith('received array');
      return `${field}: ${given ? 'must be given once' : issue.message}`;
    })
    .join('; ');
}

/**
 * The one error handler of the HTTP routes: a refusal (DomainError) answers its status with the
 * message in the request's language, so a route throws instead of mapping; a request its route's
 * schema refuses answers 400 naming the fields; anything else keeps its 4xx (Fastify's own, such
 * as a body too large), and a 5xx answer is generic with the details in the log, so no stack trace
 * or SQL reaches a client.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
      const t = translator(requestLanguage(request.headers));
      if (error instanceof DomainError) {
        return reply.code(httpStatusOf[error.code]).send({ message: t(error.key, error.params) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const part = error.validationContext ?? 'body';
        return reply.code(400).send({
          message: `${t('errors.invalidInput')} ${schemaProblems(part, error.validation)}`,
          key: 'errors.invalidInput',
        });
      }
      const given = (error as { statusCode?: number }).statusCode;
      const status = given && given >= 400 ? given : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Internal server error' });
      }
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: 'error-handler', fastify: '5.x' },
);
