import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { DomainError, forbidden } from '../../events/errors';
import { type Language, languages } from '../../events/shared/fields';
import { findLtiPlatform } from '../../projections/lti/lti-platforms';
import { findUserById } from '../../projections/user/users';
import { hasSecondFactor } from '../auth/second-factor-policy';
import {
  openSession,
  placeOf,
  readCookie,
  sessionCookie,
  sessionPolicy,
  userAgentOf,
} from '../auth/sessions';
import { noInput } from '../http/schemas';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { executeUser, systemMeta } from '../user/execute-user';
import { accountOfLtiPerson } from './accounts';
import { toolAddresses } from './addresses';
import { AGS_ENDPOINT_CLAIM, AGS_SCORE_SCOPE, claim, NRPS_CLAIM, teachesInContext } from './claims';
import { deepLinkResponse, readDeepLinkRequest, signDeepLinkRequest } from './deep-linking';
import { recordGradeTarget } from './grades';
import { itemAddressOf, type LtiItem, publishedItem, publishedItems } from './items';
import {
  LTI_STATE_COOKIE,
  launchFormSchema,
  loginInputSchema,
  startLogin,
  type VerifiedLaunch,
  verifyLaunch,
} from './login';
import { linkContextMembers } from './members';
import { escapeHtml, sendPage } from './pages';
import { toolKey } from './tool-keys';

/** A form's fields, as the form parser gives them (a repeated field is refused by its schema). */
const formBody = z.record(z.string().max(100), z.string().max(60_000));

const statusOf = (error: DomainError) =>
  error.code === 'NOT_FOUND'
    ? 404
    : error.code === 'FORBIDDEN' || error.code === 'UNAUTHENTICATED'
      ? 403
      : 400;

/** The launch's language: the platform's `locale` for the person (nl-BE → nl), else the browser's. */
function languageOf(locale: string | undefined, request: FastifyRequest): Language {
  const short = locale?.slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(short ?? '')
    ? (short as Language)
    : requestLanguage(request.headers);
}

/**
 * The LTI 1.3 tool (docs/integrating/lti.md): OIDC login initiation, the launch, the tool's keys and
 * the Deep Linking choice. Pages here are plain HTML outside the single-page app: the platform's
 * form posts land on them before anyone is signed in.
 */
export const ltiRoutes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const db = platform.database.db;
    const { base: publicUrl, launchUrl } = toolAddresses(platform.config);
    const secure = publicUrl.startsWith('https://');

    const errorPage = (reply: FastifyReply, language: Language, error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      const t = translator(language);
      return sendPage(reply, {
        status: statusOf(error),
        language,
        title: t('lti.errorTitle'),
        body: `<h1>${escapeHtml(t('lti.errorTitle'))}</h1><p role="alert">${escapeHtml(t(error.key, error.params))}</p>`,
      });
    };

    app.get('/lti/jwks', { schema: noInput, config: { apiScope: 'public' } }, async (_request, reply) => {
      const key = await toolKey(db);
      reply.header('cache-control', 'public, max-age=300');
      return { keys: [key.publicJwk] };
    });

    // The platform starts a login by a GET or a form POST (LTI 1.3 Core §5.1.1).
    const login = async (request: FastifyRequest, reply: FastifyReply) => {
      const given = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
      const language = requestLanguage(request.headers);
      const parsed = loginInputSchema.safeParse(given);
      if (!parsed.success) return errorPage(reply, language, new DomainError('INVALID', 'lti.badClaims'));
      try {
        const started = await startLogin(db, parsed.data, launchUrl);
        const cookie = [
          `${LTI_STATE_COOKIE}=${started.state}`,
          `Max-Age=${started.maxAgeSeconds}`,
          'Path=/lti',
          'HttpOnly',
          // The platform posts the id_token from its own site: a Lax or Strict cookie would stay behind.
          ...(secure ? ['SameSite=None', 'Secure'] : ['SameSite=Lax']),
        ].join('; ');
        return reply.header('set-cookie', cookie).redirect(started.redirect, 302);
      } catch (error) {
        return errorPage(reply, language, error);
      }
    };
    app.get('/lti/login', { schema: { querystring: formBody }, config: { apiScope: 'public' } }, login);
    app.post('/lti/login', { schema: { body: formBody }, config: { apiScope: 'public' } }, login);

    app.post(
      '/lti/launch',
      { schema: { body: formBody }, config: { apiScope: 'public' } },
      async (request, reply) => {
        let language = requestLanguage(request.headers);
        const parsed = launchFormSchema.safeParse(request.body);
        if (!parsed.success) return errorPage(reply, language, new DomainError('INVALID', 'lti.badClaims'));
        reply.header('set-cookie', [
          `${LTI_STATE_COOKIE}=; Max-Age=0; Path=/lti; HttpOnly${secure ? '; SameSite=None; Secure' : '; SameSite=Lax'}`,
        ]);
        try {
          const launch = await verifyLaunch(
            db,
            parsed.data,
            readCookie(request.headers.cookie, LTI_STATE_COOKIE),
          );
          language = languageOf(launch.claims.locale, request);
          return launch.claims[claim.messageType] === 'LtiDeepLinkingRequest'
            ? await chooseLink(reply, launch, language)
            : await resourceLaunch(request, reply, launch);
        } catch (error) {
          return errorPage(reply, language, error);
        }
      },
    );

    /** A resource link: the person's account, linked to the item, signed in, and on its way there. */
    async function resourceLaunch(
      request: FastifyRequest,
      reply: FastifyReply,
      { platform: registered, claims }: VerifiedLaunch,
    ) {
      const address = itemAddressOf(
        claims[claim.targetLinkUri] as string | undefined,
        claims[claim.custom] as Record<string, unknown> | undefined,
      );
      const item = address ? await publishedItem(db, address) : null;
      if (!item) throw new DomainError('NOT_FOUND', 'lti.unknownItem');
      const name =
        claims.name ?? ([claims.given_name, claims.family_name].filter(Boolean).join(' ') || undefined);
      const userId = await accountOfLtiPerson(platform, {
        issuer: registered.issuer,
        subject: claims.sub,
        name,
        email: claims.email,
      });
      // A launch never opens an account that holds rights here or guards itself with a second factor:
      // those sign in with their password, so a platform cannot stand in for them.
      const user = await findUserById(db, userId);
      if (!user || user.roles.length > 0 || (await hasSecondFactor(db, userId)))
        throw forbidden('lti.privilegedAccount');
      await executeUser(platform, systemMeta(request.id), userId, {
        type: 'Link',
        data: { itemType: item.itemType, itemPath: item.path },
      });
      const ags = claims[AGS_ENDPOINT_CLAIM] as { scope: string[]; lineitem?: string } | undefined;
      if (item.itemType === 'module' && ags?.lineitem && ags.scope.includes(AGS_SCORE_SCOPE))
        await recordGradeTarget(db, {
          userId,
          moduleId: item.itemId,
          platformId: registered.platformId,
          subject: claims.sub,
          lineItemUrl: ags.lineitem,
        });
      const roles = claims[claim.roles] as string[];
      const nrps = claims[NRPS_CLAIM] as { context_memberships_url: string } | undefined;
      if (nrps && teachesInContext(roles))
        syncMembers(registered.platformId, nrps.context_memberships_url, item);
      const now = new Date();
      const grant = await openSession(db, userId, {
        policy: sessionPolicy(platform.config),
        browser: true,
        origin: { userAgent: userAgentOf(request.headers['user-agent']), place: placeOf(request.ip) },
        now,
      });
      if (grant.token)
        reply.header('set-cookie', [
          ...([reply.getHeader('set-cookie')].flat() as string[]),
          sessionCookie(grant.token, secure),
        ]);
      return reply.redirect(`/${item.itemType}/${encodeURIComponent(item.path)}`, 303);
    }

    /**
     * A teacher's instructor launch links the context's learners in the background; a failure is
     * logged and the next instructor launch tries again.
     */
    function syncMembers(platformId: string, membershipsUrl: string, item: LtiItem) {
      setImmediate(async () => {
        try {
          const registered = await findLtiPlatform(db, { platformId });
          if (!registered) return;
          const linked = await linkContextMembers(platform, registered, membershipsUrl, item);
          platform.log.info({ platformId, item: item.path, linked }, 'linked the members of an LTI context');
        } catch (error) {
          platform.log.warn({ err: error, platformId }, 'linking the members of an LTI context failed');
        }
      });
    }

    /** Deep Linking: the published courses and modules, one to choose, for a teacher of the context. */
    async function chooseLink(
      reply: FastifyReply,
      { platform: registered, claims }: VerifiedLaunch,
      language: Language,
    ) {
      if (!teachesInContext(claims[claim.roles] as string[])) throw forbidden('lti.notInstructor');
      const settings = claims[claim.deepLinkingSettings] as
        | { deep_link_return_url: string; data?: string }
        | undefined;
      if (!settings) throw new DomainError('INVALID', 'lti.badClaims');
      const request = await signDeepLinkRequest(db, {
        platformId: registered.platformId,
        deploymentId: claims[claim.deploymentId] as string,
        returnUrl: settings.deep_link_return_url,
        data: settings.data ?? null,
        language,
      });
      const t = translator(language);
      const items = await publishedItems(db);
      const group = (itemType: LtiItem['itemType'], legend: string) => {
        const own = items.filter((item) => item.itemType === itemType);
        if (own.length === 0) return '';
        const options = own
          .map(
            (item) =>
              `<label><input type="radio" name="item" required value="${escapeHtml(`${item.itemType}:${item.path}`)}"> <span>${escapeHtml(item.name)} <span class="lang">(${escapeHtml(item.language)})</span></span></label>`,
          )
          .join('');
        return `<fieldset><legend>${escapeHtml(legend)}</legend>${options}</fieldset>`;
      };
      const body =
        items.length === 0
          ? `<p>${escapeHtml(t('lti.deepLink.empty'))}</p>`
          : `<form method="post" action="/lti/deep-link"><input type="hidden" name="request" value="${escapeHtml(request)}">` +
            group('module', t('lti.deepLink.modules')) +
            group('course', t('lti.deepLink.courses')) +
            `<button type="submit">${escapeHtml(t('lti.deepLink.choose'))}</button></form>`;
      return sendPage(reply, {
        language,
        title: t('lti.deepLink.title'),
        body: `<h1>${escapeHtml(t('lti.deepLink.title'))}</h1><p>${escapeHtml(t('lti.deepLink.intro'))}</p>${body}`,
      });
    }

    app.post(
      '/lti/deep-link',
      { schema: { body: formBody }, config: { apiScope: 'public' } },
      async (request, reply) => {
        const form = request.body as Record<string, string>;
        const chosen = form.request ? await readDeepLinkRequest(db, form.request) : null;
        const language = (languages as readonly string[]).includes(chosen?.language ?? '')
          ? (chosen!.language as Language)
          : requestLanguage(request.headers);
        const t = translator(language);
        try {
          if (!chosen) throw new DomainError('FORBIDDEN', 'lti.deepLink.expired');
          const registered = await findLtiPlatform(db, { platformId: chosen.platformId });
          if (!registered) throw new DomainError('NOT_FOUND', 'lti.unknownPlatform');
          const [itemType, ...rest] = (form.item ?? '').split(':');
          const item =
            itemType === 'module' || itemType === 'course'
              ? await publishedItem(db, { itemType, path: rest.join(':') })
              : null;
          if (!item) throw new DomainError('NOT_FOUND', 'lti.unknownItem');
          const jwt = await deepLinkResponse(db, registered, chosen, item, publicUrl);
          return sendPage(reply, {
            language,
            title: t('lti.deepLink.returning'),
            formTarget: chosen.returnUrl,
            autoSubmit: true,
            body:
              `<h1>${escapeHtml(t('lti.deepLink.returning'))}</h1><form method="post" action="${escapeHtml(chosen.returnUrl)}">` +
              `<input type="hidden" name="JWT" value="${escapeHtml(jwt)}"><button type="submit">${escapeHtml(t('lti.deepLink.continue'))}</button></form>`,
          });
        } catch (error) {
          return errorPage(reply, language, error);
        }
      },
    );
  },
  { name: 'lti-routes', fastify: '5.x' },
);
