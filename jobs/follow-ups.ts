import type { CourseEvent } from '../events/course/events';
import type { StoredEvent } from '../events/store';
import type { Mail } from './mail/send-mail';

export interface FollowUpSettings {
  /** Who hears about newly published courses; nobody when unset. */
  notifyEmail?: string;
  publicUrl: string;
}

export type FollowUp = { job: 'mail.send'; payload: Mail; singletonKey: string };

/** The jobs an event asks for. Pure: the pipeline enqueues them in the append transaction. */
export function followUpsOf(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  const course = event as StoredEvent<CourseEvent>;
  if (course.type === 'CoursePublished' && settings.notifyEmail) {
    return [
      {
        job: 'mail.send',
        singletonKey: `mail-${event.position}`,
        payload: {
          kind: 'notify',
          to: settings.notifyEmail,
          subject: `Course published: ${course.data.path}`,
          text: `The course "${course.data.path}" is published again: ${settings.publicUrl}/course/${course.data.path}`,
          eventPosition: event.position,
        },
      },
    ];
  }
  if (course.type === 'CourseCreated' && settings.notifyEmail) {
    const data = course.data as Extract<CourseEvent, { type: 'CourseCreated' }>['data'];
    return [
      {
        job: 'mail.send',
        singletonKey: `mail-${event.position}`,
        payload: {
          kind: 'notify',
          to: settings.notifyEmail,
          subject: `New course: ${data.name}`,
          text: `A new course "${data.name}" was created: ${settings.publicUrl}/course/${data.path}`,
          eventPosition: event.position,
        },
      },
    ];
  }
  return [];
}
