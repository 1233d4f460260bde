import type { Transaction } from 'kysely';
import type { StoredEvent } from '../events/store';
import {
  autoIssue,
  compactAfterErasure,
  courseCreatedMail,
  coursePublishedMail,
  type FollowUp,
  type FollowUpSettings,
  ltiScore,
  passwordChangedMail,
  reminderMail,
  removeUpload,
  secondFactorMail,
} from '../jobs/follow-ups';
import { threadMails } from '../jobs/message/thread-mails';
import { eraseAccount } from './erase-account';
import type { Reaction } from './reaction';

/** Every reaction to an event; their order within one event type is the order they run in. */
export const reactions: Reaction[] = [
  { name: 'erase the account', on: ['UserDeleted'], effect: eraseAccount },
  { name: 'compact the database after an erasure', on: ['UserDeleted'], jobs: compactAfterErasure },
  // Answers and teacher scores may complete a module or raise its score.
  { name: 'issue a module certificate automatically', on: ['AnswerSaved', 'AnswerScored'], jobs: autoIssue },
  {
    name: 'send the module score to a learning platform',
    on: ['AnswerSaved', 'AnswerScored'],
    jobs: ltiScore,
  },
  { name: 'mail a certificate reminder', on: ['CertificateReminderSent'], jobs: reminderMail },
  { name: 'free a deleted file’s upload', on: ['FileDeleted'], jobs: removeUpload },
  { name: 'tell the owner of a new password', on: ['UserPasswordChanged'], jobs: passwordChangedMail },
  {
    name: 'tell the owner of a second-factor change',
    on: ['SecondFactorEnrolled', 'SecondFactorRemoved', 'SecondFactorReset'],
    jobs: secondFactorMail,
  },
  { name: 'tell who follows courses of a new one', on: ['CourseCreated'], jobs: courseCreatedMail },
  {
    name: 'tell who follows courses of one published again',
    on: ['CoursePublished'],
    jobs: coursePublishedMail,
  },
  {
    name: 'mail the teachers of a question, and the learner of a reply',
    on: ['QuestionAsked', 'QuestionFollowedUp', 'QuestionReplied'],
    jobs: threadMails,
  },
];

const byType = new Map<string, Reaction[]>();
for (const reaction of reactions)
  for (const type of reaction.on) byType.set(type, [...(byType.get(type) ?? []), reaction]);

const reactionsTo = (type: string) => byType.get(type) ?? [];

/** Runs the in-transaction effects of freshly appended events, in order. */
// biome-ignore lint/suspicious/noExplicitAny: effects reach tables outside the read models' schema
export async function runEffects(trx: Transaction<any>, events: readonly StoredEvent[]) {
  for (const event of events)
    for (const reaction of reactionsTo(event.type)) if (reaction.effect) await reaction.effect(trx, event);
}

/** The jobs an event asks for. Pure: the pipeline enqueues them in the append transaction. */
export function followUpsOf(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  return reactionsTo(event.type).flatMap((reaction) => reaction.jobs?.(event, settings) ?? []);
}
