import { v7 as uuidv7 } from 'uuid';
import { event } from '../given-events';

/** A learner's thread about a page of a module, with fresh ids. */
export function aThread(userId: string, options: { courseId?: string } = {}) {
  const threadId = uuidv7();
  const ref = { threadId, userId };
  const stream = `message_thread-${threadId}`;
  return {
    threadId,
    asked: (text = 'Why?', at?: string) =>
      event(
        'QuestionAsked',
        {
          ...ref,
          moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201',
          modulePath: 'hygiene',
          pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0301',
          pagePath: 'washing',
          courseId: options.courseId ?? null,
          coursePath: options.courseId ? 'family-planning' : null,
          question: null,
          text,
          to: ['teacher'],
        },
        at ? { stream, at } : { stream },
      ),
    followedUp: (text: string) => event('QuestionFollowedUp', { ...ref, text, to: ['teacher'] }, { stream }),
    replied: (text: string, at?: string) =>
      event('QuestionReplied', { ...ref, repliedBy: 'teacher', text }, at ? { stream, at } : { stream }),
    read: (replies: number) => event('RepliesRead', { ...ref, replies }, { stream }),
    closed: () => event('ThreadClosed', { ...ref, closedBy: 'teacher' }, { stream }),
  };
}
