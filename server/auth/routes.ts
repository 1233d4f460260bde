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
import { findUserById } from '../../projections/user/users';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import {
  checkCredentials,
  forgotPassword,
  resendCode,
  resetPassword,
  signUp,
  verifyAccount,
} from './account';
import { signIdToken } from './keys';
import {
  closeSession,
  openSession,
  REFRESH_COOKIE,
  readCookie,
  rotateSession,
  sessionCookie,
} from './sessions';

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
    const user = await findUserById(platform.database.db, userId);
    const expiresIn = platform.config.ID_TOKEN_TTL_SECONDS;
    const idToken = await signIdToken(
      platform.keys,
      { sub: userId, email: user?.email ?? '', roles: user?.roles ?? [] },
      expiresIn,
    );
    if (browser)
      reply.header(
        'set-cookie',
        sessionCookie(await openSession(platform.database.db, userId), secureCookie),
      );
    return { idToken, expiresIn };
  }

  function handle<S extends z.ZodType>(
    schema: S,
    run: (input: z.output<S>, request: FastifyRequest, reply: FastifyReply) => Promise<object>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const language = requestLanguage(request.headers);
      const t = translator(language);
      try {
        const body = typeof request.body === 'object' && request.body ? request.body : {};
        // The language the request speaks is the account's language unless the body says otherwise.
        return await run(schema.parse({ language, ...body }), request, reply);
      } catch (error) {
        if (error instanceof ZodError) {
          const fields = error.issues.map((issue) => {
            const key = issue.message.includes(' ') ? 'validation.invalid' : issue.message;
            return { path: issue.path.join('.'), key, message: t(key) };
          });
          return reply.code(400).send({ message: t('errors.invalidInput'), fields });
        }
        if (error instanceof DomainError) {
          const fields = error.fields.map((field) => ({ ...field, message: t(field.key) }));
          return reply
            .code(httpStatusOf[error.code])
            .send({ message: t(error.key, error.params), key: error.key, fields });
        }
        throw error;
      }
    };
  }

  /** A browser asks for the refresh cookie by saying so; API clients just get the token. */
  const wantsSession = (request: FastifyRequest) => request.headers['x-session'] === 'cookie';

  app.post(
    '/auth/sign-up',
    handle(signUpSchema, async (input, request) => {
      await signUp(platform, input, meta(request), request.ip);
      return { message: translator(requestLanguage(request.headers))('auth.signUpDone') };
    }),
  );

  app.post(
    '/auth/verify',
    handle(codeSchema, async (input, request) => {
      await verifyAccount(platform, input, meta(request), request.ip);
      return { message: translator(requestLanguage(request.headers))('auth.verified') };
    }),
  );

  app.post(
    '/auth/resend',
    handle(forgotSchema, async (input, request) => {
      await resendCode(platform, input, request.ip);
      return { message: translator(requestLanguage(request.headers))('auth.codeSent') };
    }),
  );

  app.post(
    '/auth/sign-in',
    handle(signInSchema, async (input, request, reply) => {
      const userId = await checkCredentials(platform, input, request.ip);
      return issueTokens(reply, userId, wantsSession(request));
    }),
  );

  app.post(
    '/auth/forgot',
    handle(forgotSchema, async (input, request) => {
      await forgotPassword(platform, input, request.ip);
      return { message: translator(requestLanguage(request.headers))('auth.resetSent') };
    }),
  );

  app.post(
    '/auth/reset',
    handle(resetSchema, async (input, request) => {
      await resetPassword(platform, input, meta(request), request.ip);
      return { message: translator(requestLanguage(request.headers))('auth.passwordChanged') };
    }),
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
