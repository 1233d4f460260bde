import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZodError, z } from 'zod';
import { DomainError, fieldProblem, httpStatusOf } from '../../events/errors';
import {
  acceptInvitationSchema,
  codeSchema,
  forgotSchema,
  reauthSchema,
  resetSchema,
  secondFactorSignInSchema,
  signInSchema,
  signUpSchema,
} from '../../events/user/commands';
import { transaction } from '../db/transaction';
import { noInput } from '../http/schemas';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { enrollingActorOf, nameRequestUser } from '../plugins/request-actor';
import { acceptInvitation, resendInvitation } from './accept-invitation';
import {
  checkCredentials,
  forgotPassword,
  resendCode,
  resetPassword,
  signUp,
  verifyAccount,
} from './account';
import { deviceCookie, deviceHashOf, deviceIdOf, deviceNameOf, newDeviceId, rememberDevice } from './devices';
import { idTokenFor } from './id-tokens';
import { tokenFromHeader, verifyIdToken } from './keys';
import { finishSecondFactor, reauthenticate, secondFactorChallenge } from './second-factor';
import { hasSecondFactor } from './second-factor-policy';
import {
  closeSession,
  endSession,
  legacyCookieCleared,
  openSession,
  placeOf,
  REFRESH_COOKIE,
  readCookie,
  refreshTokenOf,
  rotateSession,
  type SessionGrant,
  type SessionOrigin,
  sessionCookie,
  sessionPolicy,
  userAgentOf,
} from './sessions';

/**
 * How long at least the answers that concern an address take (sign-up, verify, resend, forgot,
 * reset): longer than the work on a healthy server, so known and unknown addresses look alike.
 */
export const STEADY_ANSWER_MS = 400;

/**
 * The body of a form route: a JSON object. Its fields are checked in the route (handle) against the
 * command's schema, with the request's language filled in, so a refused form answers its translated
 * field list and, on the routes that concern an address, no sooner than STEADY_ANSWER_MS.
 */
const formSchema = { body: z.record(z.string(), z.unknown()).optional(), ...noInput };

/**
 * The JSON API for signing up, in and out, used by the login page and by non-browser clients.
 * Errors answer 4xx with a translated `{ message }` (and `fields` for form errors).
 */
export const authRoutes = fp(
  async (parent: FastifyInstance, { platform }: { platform: Platform }) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const secureCookie = platform.config.PUBLIC_URL?.startsWith('https://') ?? false;
    const meta = (request: FastifyRequest) => ({
      actorId: null,
      requestId: String(request.id),
      now: new Date(),
    });

    const policy = sessionPolicy(platform.config);
    const originOf = (request: FastifyRequest): SessionOrigin => ({
      userAgent: userAgentOf(request.headers['user-agent']),
      place: placeOf(request.ip),
    });
    const secondsUntil = (moment: Date, now: Date) => Math.floor((moment.getTime() - now.getTime()) / 1000);

    /**
     * The answer that hands out an ID token of a session: the token never outlives the session, and
     * the client learns until when the session runs unless refreshed (`sessionExpiresIn`, seconds).
     */
    async function tokenAnswer(grant: SessionGrant, now: Date) {
      const left = secondsUntil(grant.endsAt, now);
      const expiresIn = Math.max(1, Math.min(platform.config.ID_TOKEN_TTL_SECONDS, left));
      const idToken = await idTokenFor(platform, grant.userId, expiresIn, grant.familyId);
      if (!idToken) throw new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
      return { idToken, expiresIn, sessionExpiresIn: Math.max(0, left), keepSignedIn: grant.keepSignedIn };
    }

    /** The refresh cookie of a session: lasting only with 'keep me signed in' (sessions.ts). */
    const refreshCookie = (grant: SessionGrant & { token: string }, now: Date) =>
      sessionCookie(grant.token, secureCookie, {
        maxAgeSeconds: grant.keepSignedIn ? secondsUntil(grant.endsAt, now) : null,
      });

    /** On https, a refresh cookie of the plain name from before is cleared beside the answer's own. */
    const legacyCookies = (request: FastifyRequest) =>
      secureCookie && readCookie(request.headers.cookie, REFRESH_COOKIE) !== null
        ? [legacyCookieCleared]
        : [];

    /**
     * Notes the device a sign-in came from, and mails the owner when it is new to the account (in the
     * transaction that remembers it, so a retried sign-in mails once). A browser gets its device
     * cookie (again: its 400 days start over); an API client is known by User-Agent and place.
     */
    async function noticeDevice(
      request: FastifyRequest,
      userId: string,
      browser: boolean,
      origin: SessionOrigin,
      now: Date,
    ): Promise<string[]> {
      const browserId = browser ? (deviceIdOf(request.headers.cookie, secureCookie) ?? newDeviceId()) : null;
      const hash = deviceHashOf(browserId ? { browserId } : origin);
      await transaction(platform.database.db, async (trx) => {
        if ((await rememberDevice(trx, userId, hash, now)) !== 'new') return;
        const name = deviceNameOf(origin.userAgent);
        await platform.jobs.sendMail(trx, {
          kind: 'device',
          userId,
          browser: name.browser,
          system: name.system,
          place: origin.place,
          at: now.toISOString(),
        });
      });
      return browserId ? [deviceCookie(browserId, secureCookie)] : [];
    }

    /**
     * A signed-in account's tokens: a new session family (a browser's with its refresh cookie), and
     * an ID token of it. Every ID token so carries a family, which sign-out ends.
     */
    async function issueTokens(
      reply: FastifyReply,
      userId: string,
      browser: boolean,
      options: { keepSignedIn?: boolean } = {},
    ) {
      const { request } = reply;
      const now = new Date();
      const origin = originOf(request);
      const grant = await openSession(platform.database.db, userId, {
        policy,
        browser,
        keepSignedIn: options.keepSignedIn,
        origin,
        now,
      });
      const cookies = grant.token ? [refreshCookie({ ...grant, token: grant.token }, now)] : [];
      cookies.push(...(await noticeDevice(request, userId, browser, origin, now)));
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return tokenAnswer(grant, now);
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
            const fields = error.issues.map((issue) => fieldProblem(issue, t));
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
      { schema: formSchema },
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
      { schema: formSchema },
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
      { schema: formSchema },
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
      { schema: formSchema },
      handle(signInSchema, async (input, request, reply) => {
        const userId = await checkCredentials(platform, input, request.ip, request.log, {
          cookieHeader: request.headers.cookie,
          secure: secureCookie,
        });
        nameRequestUser(request, userId);
        // A second factor guards the account: no tokens yet, a challenge for the second step.
        if (await hasSecondFactor(platform.database.db, userId))
          return secondFactorChallenge(platform, userId, input.keepSignedIn === true);
        return issueTokens(reply, userId, wantsSession(request), { keepSignedIn: input.keepSignedIn });
      }),
    );

    /** Sign-in's second step: the first step's challenge and a code of the app (or a recovery code). */
    app.post(
      '/auth/sign-in/second-factor',
      { schema: formSchema },
      handle(secondFactorSignInSchema, async (input, request, reply) => {
        const { userId, keepSignedIn } = await finishSecondFactor(platform, input, request.log);
        nameRequestUser(request, userId);
        return issueTokens(reply, userId, wantsSession(request), { keepSignedIn });
      }),
    );

    /**
     * Signing in again inside a session (password, and the second factor when enrolled): answers
     * `{ reauth }`, the proof a sensitive change of one's own account asks for, good for minutes.
     */
    app.post(
      '/auth/reauth',
      { schema: formSchema },
      handle(reauthSchema, async (input, request) => {
        const actor = (await request.actor) ?? enrollingActorOf(request);
        if (!actor) throw new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
        return reauthenticate(platform, actor, input, request.ip, request.log, {
          cookieHeader: request.headers.cookie,
          secure: secureCookie,
        });
      }),
    );

    app.post(
      '/auth/forgot',
      { schema: formSchema },
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
      { schema: formSchema },
      handle(
        resetSchema,
        async (input, request) => {
          await resetPassword(platform, input, meta(request), request.ip);
          return { message: translator(requestLanguage(request.headers))('auth.passwordChanged') };
        },
        { steady: true },
      ),
    );

    /**
     * The invitation page: the mailed link's token and a new password. Spends the link, sets the
     * password and signs in (with a second factor on the account, the person signs in on /login).
     */
    app.post(
      '/auth/invitation',
      { schema: formSchema },
      handle(acceptInvitationSchema, async (input, request, reply) => {
        const userId = await acceptInvitation(platform, input, meta(request));
        nameRequestUser(request, userId);
        if (await hasSecondFactor(platform.database.db, userId))
          return { message: translator(requestLanguage(request.headers))('auth.passwordChanged') };
        return issueTokens(reply, userId, wantsSession(request), { keepSignedIn: input.keepSignedIn });
      }),
    );

    /** A new invitation link for an account still waiting for its first password; same answer for any address. */
    app.post(
      '/auth/invitation/resend',
      { schema: formSchema },
      handle(
        forgotSchema,
        async (input, request) => {
          await resendInvitation(platform, input, request.ip);
          return { message: translator(requestLanguage(request.headers))('auth.invitationResent') };
        },
        { steady: true },
      ),
    );

    /** Swaps the refresh cookie for a new ID token (and a new cookie). 401 when there is no session. */
    app.post('/auth/refresh', { schema: noInput }, async (request, reply) => {
      const token = refreshTokenOf(request.headers.cookie, secureCookie);
      const now = new Date();
      const session = token
        ? await rotateSession(platform.database.db, token, { policy, origin: originOf(request), now })
        : null;
      if (!session) {
        reply.header('set-cookie', [sessionCookie(null, secureCookie), ...legacyCookies(request)]);
        return reply
          .code(401)
          .send({ message: translator(requestLanguage(request.headers))('errors.unauthenticated') });
      }
      nameRequestUser(request, session.userId);
      reply.header('set-cookie', [refreshCookie(session, now), ...legacyCookies(request)]);
      return tokenAnswer(session, now);
    });

    /**
     * Ends the session of the refresh cookie (a browser), and of the ID token sent along (an API
     * client, which has no cookie): its token stops working at once, not when it expires.
     */
    app.post('/auth/sign-out', { schema: noInput }, async (request, reply) => {
      const token = refreshTokenOf(request.headers.cookie, secureCookie);
      if (token) await closeSession(platform.database.db, token);
      const header = request.headers.authorization;
      const bearer = tokenFromHeader(Array.isArray(header) ? header[0] : header);
      const claims = bearer ? await verifyIdToken(platform.keys, bearer) : null;
      if (claims?.sessionId) await endSession(platform.database.db, claims.sub, claims.sessionId);
      reply.header('set-cookie', [sessionCookie(null, secureCookie), ...legacyCookies(request)]);
      return { message: translator(requestLanguage(request.headers))('auth.signedOut') };
    });
  },
  {
    name: 'auth-routes',
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['request-actor', 'error-handler'],
  },
);
