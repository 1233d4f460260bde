import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../events/errors';
import { pathSchema } from '../../events/shared/fields';
import { hit, limits } from '../auth/rate-limit';
import { publicUrlOf } from '../certificate/queries';
import { noInput } from '../http/schemas';
import type { Platform } from '../platform';
import { feedCalendar, feedTokenHash, feedTokenPattern } from './feed';
import { type CalendarFile, liveMomentCalendar } from './live-sessions';

const sectionParams = z.strictObject({ section: pathSchema });
const feedParams = z.strictObject({ file: z.string().max(100) });
const roomParams = sectionParams.extend({ room: z.coerce.number().int().min(1).max(999) });

const sendCalendar = (reply: FastifyReply, file: CalendarFile) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type('text/calendar; charset=utf-8')
    .send(file.text);

/**
 * 'Add to calendar' (docs/guide/live-classrooms.md): GET /api/calendar/sections/{section}/live and
 * …/rooms/{n} answer an .ics of the section's live session or one breakout round, for who may open
 * the section. GET /api/calendar/feed/{token}.ics answers a person's private feed without a session
 * (calendar apps fetch it by its address alone), rate-limited per token; a token that does not
 * work is 404, whatever the reason.
 */
export const calendarRoutes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const db = platform.database.db;
    typed.get(
      '/api/calendar/sections/:section/live',
      { schema: { params: sectionParams, ...noInput } },
      async (request, reply) => {
        const file = await liveMomentCalendar(
          db,
          publicUrlOf(platform),
          await request.actor,
          request.params.section,
          { kind: 'live' },
          new Date(),
        );
        return sendCalendar(reply, file);
      },
    );
    typed.get(
      '/api/calendar/sections/:section/rooms/:room',
      { schema: { params: roomParams, ...noInput } },
      async (request, reply) => {
        const file = await liveMomentCalendar(
          db,
          publicUrlOf(platform),
          await request.actor,
          request.params.section,
          { kind: 'room', room: request.params.room },
          new Date(),
        );
        return sendCalendar(reply, file);
      },
    );
    typed.get(
      '/api/calendar/feed/:file',
      { schema: { params: feedParams, ...noInput } },
      async (request, reply) => {
        const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
        if (!feedTokenPattern.test(token)) throw notFound('calendarFeed.none');
        const now = new Date();
        const [limit, windowSeconds] = limits.calendarFeedPerToken;
        await hit(
          db,
          platform.keys.limitSecret,
          `calendar-feed:${feedTokenHash(token)}`,
          limit,
          windowSeconds,
          now,
        );
        const text = await feedCalendar(platform, publicUrlOf(platform), token, now);
        if (text === null) throw notFound('calendarFeed.none');
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="live-sessions.ics"')
          .type('text/calendar; charset=utf-8')
          .send(text);
      },
    );
  },
  {
    name: 'calendar',
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['request-actor', 'error-handler'],
  },
);
