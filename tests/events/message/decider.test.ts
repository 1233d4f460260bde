import { describe, it } from 'vitest';
import type { MessageCommand } from '../../../events/message/commands';
import { messageDecider, THREAD_MAX_MESSAGES } from '../../../events/message/decider';
import type { MessageEvent } from '../../../events/message/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(messageDecider);
const threadId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0101';
const learner = 'learner-1';
const teacher = 'teacher-1';
const ref = { threadId, userId: learner };

const asked: MessageEvent = {
  type: 'QuestionAsked',
  data: {
    ...ref,
    moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201',
    modulePath: 'contraception',
    pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0301',
    pagePath: 'methods',
    courseId: null,
    coursePath: null,
    question: 'q1',
    text: 'Why is this method safer?',
    to: [teacher],
  },
};
const replied: MessageEvent = {
  type: 'QuestionReplied',
  data: { ...ref, repliedBy: teacher, text: 'Because…' },
};
const closed: MessageEvent = { type: 'ThreadClosed', data: { ...ref, closedBy: teacher } };
const followedUp: MessageEvent = {
  type: 'QuestionFollowedUp',
  data: { ...ref, text: 'And this one?', to: [teacher] },
};

describe('message thread decider', () => {
  const table: {
    name: string;
    given: MessageEvent[];
    when: MessageCommand;
    thenEvents?: MessageEvent[];
    throws?: [Parameters<ReturnType<ReturnType<typeof spec>['when']>['thenThrows']>[0], string];
  }[] = [
    {
      name: 'opens a thread with the question',
      given: [],
      when: { type: 'AskQuestion', data: asked.data as never },
      thenEvents: [asked],
    },
    {
      name: 'refuses to open a thread twice',
      given: [asked],
      when: { type: 'AskQuestion', data: asked.data as never },
      throws: ['CONFLICT', 'messages.errors.exists'],
    },
    {
      name: 'adds the learner’s follow-up, sent to whom the question went',
      given: [asked],
      when: { type: 'FollowUpQuestion', data: { userId: learner, text: 'And this one?' } },
      thenEvents: [followedUp],
    },
    {
      name: 'hides another learner’s thread',
      given: [asked],
      when: { type: 'FollowUpQuestion', data: { userId: 'someone-else', text: 'Hi' } },
      throws: ['NOT_FOUND', 'messages.errors.notFound'],
    },
    {
      name: 'records a teacher’s reply',
      given: [asked, followedUp],
      when: { type: 'ReplyToQuestion', data: { repliedBy: teacher, text: 'Because…' } },
      thenEvents: [replied],
    },
    {
      name: 'refuses a reply in a thread that does not exist',
      given: [],
      when: { type: 'ReplyToQuestion', data: { repliedBy: teacher, text: 'Hello' } },
      throws: ['NOT_FOUND', 'messages.errors.notFound'],
    },
    {
      name: 'closes an open thread',
      given: [asked, replied],
      when: { type: 'CloseThread', data: { closedBy: teacher } },
      thenEvents: [closed],
    },
    {
      name: 'closing a closed thread changes nothing',
      given: [asked, closed],
      when: { type: 'CloseThread', data: { closedBy: teacher } },
      thenEvents: [],
    },
    {
      name: 'refuses a follow-up in a closed thread',
      given: [asked, closed],
      when: { type: 'FollowUpQuestion', data: { userId: learner, text: 'Wait' } },
      throws: ['CONFLICT', 'messages.errors.closed'],
    },
    {
      name: 'refuses a reply in a closed thread',
      given: [asked, closed],
      when: { type: 'ReplyToQuestion', data: { repliedBy: teacher, text: 'Late' } },
      throws: ['CONFLICT', 'messages.errors.closed'],
    },
    {
      name: 'marks the replies read up to the last one',
      given: [asked, replied, replied],
      when: { type: 'MarkRepliesRead', data: { userId: learner } },
      thenEvents: [{ type: 'RepliesRead', data: { ...ref, replies: 2 } }],
    },
    {
      name: 'reading again without a new reply is no event',
      given: [asked, replied, { type: 'RepliesRead', data: { ...ref, replies: 1 } }],
      when: { type: 'MarkRepliesRead', data: { userId: learner } },
      thenEvents: [],
    },
    {
      name: 'a thread without replies has nothing to read',
      given: [asked],
      when: { type: 'MarkRepliesRead', data: { userId: learner } },
      thenEvents: [],
    },
    {
      name: 'refuses a message past the thread’s limit',
      given: [asked, ...Array.from({ length: THREAD_MAX_MESSAGES - 1 }, () => replied)],
      when: { type: 'FollowUpQuestion', data: { userId: learner, text: 'One more' } },
      throws: ['CONFLICT', 'messages.errors.full'],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const run = spec(row.given).when(row.when);
      if (row.throws) run.thenThrows(...row.throws);
      else run.thenEvents(row.thenEvents!);
    });
  }
});
