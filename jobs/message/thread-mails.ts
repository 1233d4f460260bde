import type { StoredOf } from '../../events/event-types';
import type { StoredEvent } from '../../events/store';
import type { FollowUp } from '../follow-ups';

/**
 * A question or a follow-up mails each teacher it was sent to, a reply mails the learner: queued
 * with the event, one mail per person, keyed so a retry sends none twice.
 */
export function threadMails(event: StoredEvent): FollowUp[] {
  const stored = event as StoredOf<'QuestionAsked' | 'QuestionFollowedUp' | 'QuestionReplied'>;
  const { data } = stored;
  const mail = (userId: string, about: 'asked' | 'followedUp' | 'replied', authorId: string): FollowUp => ({
    job: 'mail.send',
    singletonKey: `mail-${event.position}-${userId}`,
    payload: {
      kind: 'thread',
      userId,
      threadId: data.threadId,
      about,
      authorId,
      eventPosition: event.position,
    },
  });
  switch (stored.type) {
    case 'QuestionAsked':
      return stored.data.to.map((userId) => mail(userId, 'asked', stored.data.userId));
    case 'QuestionFollowedUp':
      return stored.data.to.map((userId) => mail(userId, 'followedUp', stored.data.userId));
    case 'QuestionReplied':
      return stored.data.repliedBy === stored.data.userId
        ? []
        : [mail(stored.data.userId, 'replied', stored.data.repliedBy)];
    default:
      return [];
  }
}
