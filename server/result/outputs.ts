import { z } from 'zod';
import { questionTypes } from '../../events/result/events';
import { moduleSummaryOutput } from '../module/outputs';
import { languageOutput } from '../outputs';
import { interactiveVideoOutput, pageTypeOutput, publicElementOutput } from '../page/outputs';

const answerValue = z.union([z.string(), z.array(z.string())]);
const questionType = z.enum(questionTypes);

/** Scores by page, then by question (a number, or a question's score with its maximum). */
const scoringOutput = z.record(
  z.string(),
  z
    .object({ __score: z.number(), __maxScore: z.number() })
    .catchall(z.union([z.number(), z.object({ __score: z.number(), __maxScore: z.number(), questionType })])),
);

/** Where the learner stands on one page of the module. */
const pageProgressOutput = z.object({
  pageId: z.string(),
  path: z.string(),
  name: z.string().nullable(),
  type: pageTypeOutput,
  estimatedTime: z.number(),
  questionCount: z.number(),
  score: z.number(),
  maxScore: z.number(),
  completed: z.boolean(),
  seen: z.boolean(),
  gateOpen: z.boolean(),
  reachable: z.boolean(),
  stuck: z.boolean(),
  awaitingScore: z.number(),
});

const byPageAndQuestion = <T extends z.ZodType>(value: T) =>
  z.record(z.string(), z.record(z.string(), value));

/** The module as the learner meets it: pages in their order, progress, gates and scores. */
export const learnerModuleOutput = z.object({
  module: moduleSummaryOutput.extend({ owners: z.array(z.string()) }),
  pages: z.array(pageProgressOutput),
  score: z.number(),
  maxScore: z.number(),
  updatedAt: z.string().nullable(),
  completed: z.boolean(),
  needsAttempt: z.boolean(),
  answers: byPageAndQuestion(answerValue.nullable()),
  feedback: byPageAndQuestion(z.string()),
  feedbackLabels: byPageAndQuestion(z.string()),
  /** Numeric and short answers as typed, with their labels; optional for readers written before it. */
  typedAnswers: byPageAndQuestion(z.object({ label: z.string(), text: z.string() })).optional(),
  scoring: scoringOutput,
  helpers: z.array(z.string()),
  awaitingScore: z.number(),
});

/** One page of it, with the state of each question. */
export const learnerPageOutput = z.object({
  page: z.object({
    pageId: z.string(),
    path: z.string(),
    name: z.string().nullable(),
    type: pageTypeOutput,
    content: z.array(publicElementOutput),
    interactiveVideo: interactiveVideoOutput,
    estimatedTime: z.number(),
  }),
  questions: z.record(
    z.string(),
    z.object({
      name: z.string(),
      label: z.string(),
      info: z.string(),
      questionType,
      correct: z.array(z.string()).nullable(),
      verdict: z.enum(['right', 'partly', 'wrong']).nullable(),
      checkFeedback: z.array(z.string()),
      attempts: z.number(),
      attemptsAllowed: z.number().nullable(),
      maxScore: z.number(),
      score: z.number(),
      feedback: z.string().nullable(),
      answer: answerValue.nullable(),
      answered: z.boolean(),
      locked: z.boolean(),
      draft: answerValue.nullable(),
      needsConfirm: z.boolean(),
      reveal: z.enum(['auto', 'button']).nullable(),
      awaitingScore: z.boolean(),
    }),
  ),
  progress: pageProgressOutput,
  helpers: z.array(z.string()),
});

/** What saving a page's answers answers: the page's state, the module's and the scoring. */
export const savedOutput = z.object({
  module: learnerModuleOutput,
  page: learnerPageOutput,
  scoring: scoringOutput,
});

export const latestActivityOutput = z
  .object({ module: moduleSummaryOutput, updatedAt: z.string() })
  .nullable();

/** Teachers: the participants active in a date range, with a score per page and the percentage. */
export const participantsOutput = z.object({
  module: z.object({ path: z.string(), name: z.string() }),
  pages: z.array(z.object({ path: z.string(), name: z.string(), maxScore: z.number() })),
  maxScore: z.number(),
  total: z.number(),
  participants: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      startedAt: z.string(),
      updatedAt: z.string(),
      score: z.number(),
      percent: z.number(),
      stuckPages: z.array(z.string()),
      pages: z.record(z.string(), z.number()),
      /** Answers waiting for a teacher's score, per page path (pages without any left out), and in all. */
      awaitingPages: z.record(z.string(), z.number()),
      awaitingScore: z.number(),
    }),
  ),
});

/** Teachers: one participant's result, every question with its answer, score and feedback. */
export const participantResultOutput = z.object({
  participant: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  module: z.object({ path: z.string(), name: z.string(), language: languageOutput }),
  pages: z.array(
    z.object({
      pageId: z.string(),
      path: z.string(),
      name: z.string(),
      questions: z.array(
        z.object({
          name: z.string(),
          label: z.string(),
          questionType,
          attempts: z.number(),
          attemptsAllowed: z.number().nullable(),
          maxScore: z.number(),
          score: z.number(),
          feedback: z.string().nullable(),
          answer: answerValue.nullable(),
          answerLabels: z.array(z.string()),
          /** Numeric and short-answer questions: the accepted answers at full score (teacher.ts). */
          correctAnswers: z.array(z.string()),
          answered: z.boolean(),
          locked: z.boolean(),
          scoredBy: z.string().nullable(),
          scoredAt: z.string().nullable(),
          awaitingScore: z.boolean(),
        }),
      ),
      maxScore: z.number(),
      score: z.number(),
      completed: z.boolean(),
      stuck: z.boolean(),
      awaitingScore: z.number(),
    }),
  ),
  awaitingScore: z.number(),
  maxScore: z.number(),
  score: z.number(),
  updatedAt: z.string().nullable(),
  completed: z.boolean(),
  summary: learnerModuleOutput,
});

/** Teachers: who changed which score of a participant, when, from what to what. */
export const resultHistoryOutput = z.array(
  z.object({
    version: z.number(),
    at: z.string(),
    type: z.enum(['AnswerSaved', 'AnswerScored', 'AttemptGranted']),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    pagePath: z.string(),
    question: z.string(),
    attempt: z.number().nullable(),
    attemptsAllowed: z.number().nullable(),
    maxScore: z.number(),
    from: z.number().nullable(),
    to: z.number(),
    feedbackFrom: z.string().nullable(),
    feedbackTo: z.string().nullable(),
  }),
);

/** Teachers: the answers waiting for a score, oldest first, and the choices of the queue's filters. */
export const toGradeOutput = z.object({
  scope: z.object({ name: z.string().nullable() }),
  total: z.number(),
  items: z.array(
    z.object({
      module: z.object({ path: z.string(), name: z.string() }),
      page: z.object({ path: z.string(), name: z.string() }),
      question: z.object({ name: z.string(), label: z.string(), maxScore: z.number(), info: z.string() }),
      participant: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
      answer: z.string(),
      answeredAt: z.string(),
      attempts: z.number(),
      feedback: z.string().nullable(),
      mayScore: z.boolean(),
    }),
  ),
  choices: z.object({
    modules: z.array(z.object({ path: z.string(), name: z.string() })),
    pages: z.array(z.object({ module: z.string(), path: z.string(), name: z.string() })),
    questions: z.array(
      z.object({ module: z.string(), page: z.string(), name: z.string(), label: z.string() }),
    ),
    participants: z.array(z.object({ _id: z.string(), name: z.string() })),
    groups: z.array(z.string()),
  }),
});
