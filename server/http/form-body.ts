import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * HTML form bodies (application/x-www-form-urlencoded) for every route that takes one: the OAuth
 * token request and the LTI login, launch and choice. A field sent twice reads as `\u0000`, which
 * no route takes for a value (RFC 6749 §3.2 makes a repeated parameter an error).
 */
export const formBodies = fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      // An LTI id_token is a few kilobytes; a platform adding many claims may pass 8 KB.
      { parseAs: 'string', bodyLimit: 65_536 },
      (_request, body, done) => {
        const form: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(body as string))
          form[key] = key in form ? '\u0000' : value;
        done(null, form);
      },
    );
  },
  { name: 'form-bodies', fastify: '5.x' },
);
