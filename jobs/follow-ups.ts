import type { CourseEvent } from '../events/course/events';
import type { StoredEvent } from '../events/store';
import type { Mail } from './mail/send-mail';

export interface FollowUpSettings {
  /** Who hears about newly published courses; nobody when unset. */
  notifyEmail?: string;
  publicUrl: string;
}

export type FollowUp = { job: 'mail.send'; payload: Mail; singletonKey: string };

const notify = (settings: FollowUpSettings, event: StoredEvent, subject: string, text: string): FollowUp[] =>
  settings.notifyEmail
    ? [
        {
          job: 'mail.send',
          singletonKey: `mail-${event.position}`,
          payload: { kind: 'notify', to: settings.notifyEmail, subject, text, eventPosition: event.position },
        },
      ]
    : [];

/** The jobs an event asks for. Pure: the pipeline enqueues them in the append transaction. */
export function followUpsOf(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  const course = event as StoredEvent<CourseEvent>;
  const link = (path: string) => `${settings.publicUrl}/course/${path}`;
  if (course.type === 'CoursePublished') {
    const { path } = course.data;
    return notify(
      settings,
      event,
      `Course published: ${path}`,
      `The course "${path}" is published again: ${link(path)}`,
    );
  }
  if (course.type === 'CourseCreated') {
    const { name, path } = course.data as Extract<CourseEvent, { type: 'CourseCreated' }>['data'];
    return notify(
      settings,
      event,
      `New course: ${name}`,
      `A new course "${name}" was created: ${link(path)}`,
    );
  }
  return [];
}
