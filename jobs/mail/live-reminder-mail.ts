import { z } from 'zod';
import type { Classroom } from '../../events/section/events';
import { liveMomentsOf } from '../../events/section/live-moments';
import { type MailDeps, recipient, timeOf } from './send-mail';

/**
 * A live session or breakout round starts soon (server/calendar/reminders.ts): to one person who
 * asked for it, by ids only; the section, the moment and its link are looked up when sending, so a
 * renamed section is named as it is then.
 */
export const liveReminderMailSchema = z.object({
  kind: z.literal('live-reminder'),
  userId: z.string().min(1),
  sectionId: z.uuid(),
  moment: z.string().regex(/^(live|room-\d{1,3})$/),
  startsAt: z.iso.datetime({ offset: true }),
});
export type LiveReminderMail = z.infer<typeof liveReminderMailSchema>;

/**
 * The reminder in the person's language, its time in GMT+1 as the classroom shows it, with the
 * classroom's (or room's) address on the platform; null when the person or section is gone, or the
 * moment was moved since (the moment at its new time has a reminder of its own).
 */
export async function liveReminderMessage(deps: MailDeps, mail: LiveReminderMail) {
  const person = await recipient(deps, mail.userId);
  const section = (await deps.db
    .selectFrom('section_summaries')
    .select(['name', 'path', 'course_path', 'classroom'])
    .where('section_id', '=', mail.sectionId)
    .executeTakeFirst()) as
    | { name: string; path: string; course_path: string; classroom: Classroom | null }
    | undefined;
  if (!person || !section) return null;
  const moment = liveMomentsOf(deps.publicUrl, {
    path: section.path,
    parentPath: section.course_path,
    classroom: section.classroom,
  }).find((candidate) => candidate.key === mail.moment);
  if (!moment || moment.start.getTime() !== Date.parse(mail.startsAt)) return null;
  const params = {
    name: person.name,
    section: section.name,
    session: moment.name,
    time: timeOf(mail.startsAt),
    url: moment.url,
    profileUrl: `${deps.publicUrl}/user`,
  };
  return {
    to: person.email,
    subject: deps.translate(person.language, 'mail.liveReminder.subject', params),
    text: deps.translate(person.language, 'mail.liveReminder.body', params),
    userId: mail.userId,
  };
}
