import { dueOffset, liveMomentsOf, momentOf } from '../../events/section/live-moments';
import { reminderSubscribers } from '../../projections/calendar/calendar-feeds';
import { actorFor } from '../auth/actor';
import { publicUrlOf } from '../certificate/queries';
import { transaction } from '../db/transaction';
import type { Platform } from '../platform';
import { followedLiveSections } from './feed';

/** Whether any live moment starts between now and the largest offset: most runs end here, with one read. */
async function anyMomentAhead(platform: Platform, now: Date, horizonMinutes: number): Promise<boolean> {
  const rows = await platform.database.db
    .selectFrom('section_summaries')
    .select(['path', 'course_path', 'classroom'])
    .where('classroom', 'is not', null)
    .execute();
  const until = now.getTime() + horizonMinutes * 60_000;
  return rows.some((row) =>
    [row.classroom?.startdate ?? null, ...(row.classroom?.breakoutrooms ?? []).map((room) => room.startdate)]
      .map(momentOf)
      .some((start) => start !== null && start.getTime() > now.getTime() && start.getTime() <= until),
  );
}

/**
 * The reminder job's work (docs/guide/live-classrooms.md): for each person who asked,
 * each live moment they follow (the feed's rule: linked or owning, and allowed in, as it stands now)
 * whose reminder is due gets its mail queued, in the transaction that records it in
 * live_reminders_sent. That row's key (person, section, moment, start, offset) makes every reminder
 * go out once, however many runs or instances overlap; a moment moved to another time is reminded
 * of again. Answers how many mails were queued.
 */
export async function sendLiveReminders(platform: Platform, now = new Date()): Promise<number> {
  const offsets = platform.config.LIVE_REMINDER_MINUTES;
  if (offsets.length === 0) return 0;
  if (!(await anyMomentAhead(platform, now, Math.max(...offsets)))) return 0;
  const db = platform.database.db;
  const publicUrl = publicUrlOf(platform);
  let queued = 0;
  for (const userId of await reminderSubscribers(db)) {
    const actor = await actorFor(platform, userId);
    if (!actor) continue;
    for (const section of await followedLiveSections(db, actor)) {
      for (const moment of liveMomentsOf(publicUrl, section)) {
        const offset = dueOffset(moment.start, now, offsets);
        if (offset === null) continue;
        const startsAt = moment.start.toISOString();
        const sent = await transaction(db, async (trx) => {
          const recorded = await trx
            .insertInto('live_reminders_sent')
            .values({
              user_id: userId,
              section_id: section.sectionId,
              moment: moment.key,
              starts_at: startsAt,
              offset_minutes: offset,
              sent_at: now.toISOString(),
            })
            .onConflict((oc) => oc.doNothing())
            .returning('user_id')
            .executeTakeFirst();
          if (!recorded) return false;
          await platform.jobs.sendMail(trx, {
            kind: 'live-reminder',
            userId,
            sectionId: section.sectionId,
            moment: moment.key,
            startsAt,
          });
          return true;
        });
        if (sent) queued++;
      }
    }
  }
  return queued;
}
