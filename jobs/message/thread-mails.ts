import type { MessageEvent } from '../../events/message/events';
import type { StoredEvent } from '../../events/store';
import type { FollowUp } from '../follow-ups';

/**
 * A question or a follow-up mails each teacher it was sent to, a reply mails the learner: queued
 * with the event, one mail per person, keyed so a retry sends none twice.
 */
export function threadMails(event: StoredEvent): FollowUp[] {
  const { type, data } = event as StoredEvent<MessageEvent>;
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
  switch (type) {
    case 'QuestionAsked':
      return data.to.map((userId) => mail(userId, 'asked', data.userId));
    case 'QuestionFollowedUp':
      return data.to.map((userId) => mail(userId, 'followedUp', data.userId));
    case 'QuestionReplied':
      return data.repliedBy === data.userId ? [] : [mail(data.userId, 'replied', data.repliedBy)];
    default:
      return [];
  }
}
