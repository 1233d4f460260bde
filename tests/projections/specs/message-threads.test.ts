import { describe, it } from 'vitest';
import { messageThreads } from '../../../projections/message/message-threads';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aUser } from './fixtures';
import { aThread } from './message-fixtures';

describe.each(databaseKinds)('message_threads on %s', (kind) => {
  const spec = projectionSpec(messageThreads, kind);

  it('a question opens a thread with its first message', () => {
    const thread = aThread('ann');
    return spec
      .given()
      .when(thread.asked('Why wash twice?', '2026-11-20T10:00:00.000Z'))
      .thenRows({
        message_threads: [
          {
            thread_id: thread.threadId,
            user_id: 'ann',
            module_path: 'hygiene',
            page_path: 'washing',
            course_id: null,
            status: 'open',
            messages: 1,
            replies: 0,
            replies_read: 0,
            last_from: 'learner',
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
        thread_messages: [
          { thread_id: thread.threadId, author_id: 'ann', from: 'learner', text: 'Why wash twice?' },
        ],
      });
  });

  it('a reply counts, is the last word and is unread until read', () => {
    const thread = aThread('ann');
    return spec
      .given(thread.asked(), thread.followedUp('Also: how long?'))
      .when(thread.replied('Twenty seconds.', '2026-11-21T09:00:00.000Z'))
      .thenRows({
        message_threads: [
          {
            messages: 3,
            replies: 1,
            replies_read: 0,
            last_from: 'teacher',
            updated_at: '2026-11-21T09:00:00.000Z',
          },
        ],
        thread_messages: [
          { from: 'learner', text: 'Why?' },
          { from: 'learner', text: 'Also: how long?' },
          { from: 'teacher', author_id: 'teacher', text: 'Twenty seconds.' },
        ],
      });
  });

  it('reading the replies and closing the thread change its state', () => {
    const thread = aThread('ann');
    return spec
      .given(thread.asked(), thread.replied('Yes.'))
      .when(thread.read(1), thread.closed())
      .thenRows({ message_threads: [{ replies_read: 1, status: 'closed' }] });
  });

  it('an erased learner’s threads and messages go, another’s stay', () => {
    const ann = aThread('ann');
    const bob = aThread('bob');
    return spec
      .given(ann.asked(), ann.replied('Sure.'), bob.asked('Bob asks'))
      .when(aUser('ann').deleted())
      .thenRows({
        message_threads: [{ thread_id: bob.threadId }],
        thread_messages: [{ thread_id: bob.threadId, text: 'Bob asks' }],
      });
  });
});
