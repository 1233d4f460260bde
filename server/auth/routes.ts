import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { DomainError, httpStatusOf } from '../../events/errors';
import {
  codeSchema,
  forgotSchema,
  resetSchema,
  signInSchema,
  signUpSchema,
} from '../../events/user/commands';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { nameRequestUser } from '../plugins/request-actor';
import {
  checkCredentials,
  forgotPassword,
  resendCode,
  resetPassword,
  signUp,
  verifyAccount,
} from './account';
import { idTokenFor } from './id-tokens';
import {
  closeSession,
  openSession,
  REFRESH_COOKIE,
  readCookie,
  rotateSession,
  sessionCookie,
} from './sessions';

/**
 * How long at least the answers that concern an address take (sign-up, verify, resend, forgot,
 * reset): longer than the work on a healthy server, so known and unknown addresses look alike.
 */
export const STEADY_ANSWER_MS = 400;

/**
 * The JSON API for signing up, in and out, used by the login page and by non-browser clients.
 * Errors answer 4xx with a translated `{ message }` (and `fields` for form errors).
 */
export async function authRoutes(app: FastifyInstance, { platform }: { platform: Platform }) {
  const secureCookie = platform.config.PUBLIC_URL?.startsWith('https://') ?? false;
  const meta = (request: FastifyRequest) => ({
    actorId: null,
    requestId: String(request.id),
    now: new Date(),
  });

  async function issueTokens(reply: FastifyReply, userId: string, browser: boolean) {
    const expiresIn = platform.config.ID_TOKEN_TTL_SECONDS;
    const idToken = await idTokenFor(platform, userId, expiresIn);
    if (!idToken) throw new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
    if (browser)
      reply.header(
        'set-cookie',
        sessionCookie(await openSession(platform.database.db, userId), secureCookie),
      );
    return { idToken, expiresIn };
  }

  /**
   * A JSON route. With `steady`, the answer (success or error) leaves no sooner than STEADY_ANSWER_MS
   * after the request came in: on top of doing the same work for known and unknown addresses, the
   * few milliseconds a database write still adds on one path are not visible from outside.
   */
  function handle<S extends z.ZodType>(
    schema: S,
    run: (input: z.output<S>, request: FastifyRequest, reply: FastifyReply) => Promise<object>,
    options: { steady?: boolean } = {},
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const started = performance.now();
      const language = requestLanguage(request.headers);
      const t = translator(language);
      let status = 200;
      let answer: object;
      try {
        const body = typeof request.body === 'object' && request.body ? request.body : {};
        // The language the request speaks is the account's language unless the body says otherwise.
        answer = await run(schema.parse({ language, ...body }), request, reply);
      } catch (error) {
        if (error instanceof ZodError) {
          const fields = error.issues.map((issue) => {
            const key = issue.message.includes(' ') ? 'validation.invalid' : issue.message;
            return { path: issue.path.join('.'), key, message: t(key) };
          });
          status = 400;
          answer = { message: t('errors.invalidInput'), fields };
        } else if (error instanceof DomainError) {
          const fields = error.fields.map((field) => ({ ...field, message: t(field.key) }));
          status = httpStatusOf[error.code];
          answer = { message: t(error.key, error.params), key: error.key, fields };
        } else {
          throw error;
        }
      }
      const wait = options.steady ? STEADY_ANSWER_MS - (performance.now() - started) : 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return reply.code(status).send(answer);
    };
  }

  /** A browser asks for the refresh cookie by saying so; API clients just get the token. */
  const wantsSession = (request: FastifyRequest) => request.headers['x-session'] === 'cookie';

  app.post(
    '/auth/sign-up',
    handle(
      signUpSchema,
      async (input, request) => {
        await signUp(platform, input, meta(request), request.ip);
        return { message: translator(requestLanguage(request.headers))('auth.signUpDone') };
      },
      { steady: true },
    ),
  );

  app.post(
    '/auth/verify',
    handle(
      codeSchema,
      async (input, request) => {
        await verifyAccount(platform, input, meta(request), request.ip);
        return { message: translator(requestLanguage(request.headers))('auth.verified') };
      },
      { steady: true },
    ),
  );

  app.post(
    '/auth/resend',
    handle(
      forgotSchema,
      async (input, request) => {
        await resendCode(platform, input, request.ip);
        return { message: translator(requestLanguage(request.headers))('auth.codeSent') };
      },
      { steady: true },
    ),
  );

  app.post(
    '/auth/sign-in',
    handle(signInSchema, async (input, request, reply) => {
      const userId = await checkCredentials(platform, input, request.ip, request.log);
      nameRequestUser(request, userId);
      return issueTokens(reply, userId, wantsSession(request));
    }),
  );

  app.post(
    '/auth/forgot',
    handle(
      forgotSchema,
      async (input, request) => {
        await forgotPassword(platform, input, request.ip);
        return { message: translator(requestLanguage(request.headers))('auth.resetSent') };
      },
      { steady: true },
    ),
  );

  app.post(
    '/auth/reset',
    handle(
      resetSchema,
      async (input, request) => {
        await resetPassword(platform, input, meta(request), request.ip);
        return { message: translator(requestLanguage(request.headers))('auth.passwordChanged') };
      },
      { steady: true },
    ),
  );

  /** Swaps the refresh cookie for a new ID token (and a new cookie). 401 when there is no session. */
  app.post('/auth/refresh', async (request, reply) => {
    const token = readCookie(request.headers.cookie, REFRESH_COOKIE);
    const session = token ? await rotateSession(platform.database.db, token) : null;
    if (!session) {
      reply.header('set-cookie', sessionCookie(null, secureCookie));
      return reply
        .code(401)
        .send({ message: translator(requestLanguage(request.headers))('errors.unauthenticated') });
    }
    nameRequestUser(request, session.userId);
    reply.header('set-cookie', sessionCookie(session.token, secureCookie));
    const { idToken, expiresIn } = await issueTokens(reply, session.userId, false);
    return { idToken, expiresIn };
  });

  app.post('/auth/sign-out', async (request, reply) => {
    const token = readCookie(request.headers.cookie, REFRESH_COOKIE);
    if (token) await closeSession(platform.database.db, token);
    reply.header('set-cookie', sessionCookie(null, secureCookie));
    return { message: translator(requestLanguage(request.headers))('auth.signedOut') };
  });
}
