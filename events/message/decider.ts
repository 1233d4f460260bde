import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { MessageCommand } from './commands';
import type { MessageEvent } from './events';

/** A thread holds at most this many messages: a conversation, not a chat room. */
export const THREAD_MAX_MESSAGES = 200;

export type ThreadState =
  | { status: 'absent' }
  | {
      status: 'open' | 'closed';
      threadId: string;
      /** The learner who asked. */
      userId: string;
      moduleId: string;
      courseId: string | null;
      to: string[];
      messages: number;
      replies: number;
      repliesRead: number;
    };

type Existing = Exclude<ThreadState, { status: 'absent' }>;

const initialState = (): ThreadState => ({ status: 'absent' });

/** Another learner's thread reads as absent: it does not reveal that it exists. */
function requireOwnThread(state: ThreadState, userId: string): Existing {
  if (state.status === 'absent' || state.userId !== userId) throw notFound('messages.errors.notFound');
  return state;
}

function requireOpen(state: ThreadState): Existing {
  if (state.status === 'absent') throw notFound('messages.errors.notFound');
  if (state.status === 'closed') throw conflict('messages.errors.closed');
  if (state.messages >= THREAD_MAX_MESSAGES) throw conflict('messages.errors.full');
  return state;
}

const ref = (thread: Existing) => ({ threadId: thread.threadId, userId: thread.userId });

function decide(command: MessageCommand, state: ThreadState): MessageEvent[] {
  switch (command.type) {
    case 'AskQuestion':
      if (state.status !== 'absent') throw conflict('messages.errors.exists');
      return [{ type: 'QuestionAsked', data: command.data }];
    case 'FollowUpQuestion': {
      const thread = requireOpen(requireOwnThread(state, command.data.userId));
      return [
        { type: 'QuestionFollowedUp', data: { ...ref(thread), text: command.data.text, to: thread.to } },
      ];
    }
    case 'ReplyToQuestion': {
      const thread = requireOpen(state);
      return [
        {
          type: 'QuestionReplied',
          data: { ...ref(thread), repliedBy: command.data.repliedBy, text: command.data.text },
        },
      ];
    }
    case 'MarkRepliesRead': {
      const thread = requireOwnThread(state, command.data.userId);
      // Nothing new since the learner last read it: reading again is no event.
      if (thread.repliesRead >= thread.replies) return [];
      return [{ type: 'RepliesRead', data: { ...ref(thread), replies: thread.replies } }];
    }
    case 'CloseThread': {
      if (state.status === 'absent') throw notFound('messages.errors.notFound');
      if (state.status === 'closed') return [];
      return [{ type: 'ThreadClosed', data: { ...ref(state), closedBy: command.data.closedBy } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: ThreadState, event: MessageEvent): ThreadState {
  if (event.type === 'QuestionAsked') {
    const { threadId, userId, moduleId, courseId, to } = event.data;
    return {
      status: 'open',
      threadId,
      userId,
      moduleId,
      courseId,
      to,
      messages: 1,
      replies: 0,
      repliesRead: 0,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'QuestionFollowedUp':
      return { ...state, messages: state.messages + 1 };
    case 'QuestionReplied':
      return { ...state, messages: state.messages + 1, replies: state.replies + 1 };
    case 'RepliesRead':
      return { ...state, repliesRead: event.data.replies };
    case 'ThreadClosed':
      return { ...state, status: 'closed' };
    default:
      return assertNever(event);
  }
}

export const messageDecider: Decider<MessageCommand, MessageEvent, ThreadState> = {
  initialState,
  evolve,
  decide,
};
