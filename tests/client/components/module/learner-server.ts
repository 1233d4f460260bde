import type { AnswerValue } from '../../../../events/result/answers';
import type { Answers, InputOf, OutputOf } from '../support/trpc-answers';

type LearnerPage = OutputOf<'result.page'>;
type LearnerModule = OutputOf<'result.module'>;
type QuestionState = LearnerPage['questions'][string];
export type PageElement = LearnerPage['page']['content'][number];
type Question = Extract<PageElement, { questionType: string }>;

const modulePath = 'safer-sex';
const pagePath = 'page-1';
export const pageAddress = { modulePath, pagePath };

/** A question as the page hands it out, with `attempts` allowed (0: unlimited). */
export function question(
  questionType: Question['questionType'],
  name: string,
  label: string,
  options: string[] = [],
  attempts = 0,
): Question {
  const type = questionType === 'single' ? 'radio' : questionType === 'multiple' ? 'checkbox' : 'textarea';
  return {
    type,
    questionType,
    name,
    label,
    schema: { autoShow: false, attempts, info: '', maxScore: 1 },
    options: options.map((option) => ({ label: option, value: option.toLowerCase() })),
  } as Question;
}

/**
 * The result procedures of one module page for a signed-in participant, as the server answers them:
 * drafts kept, each 'Check answer' spending an attempt, a question locked once its attempts are
 * used (then its info text shows). Only what the learner's page reads; no scoring.
 */
export function learnerServer(
  questions: Question[],
  info = 'The answer is in the leaflet.',
  /** What a check of a chosen value reveals, as a module's checkReveals would: per question, per value. */
  checks: Record<string, Record<string, Pick<QuestionState, 'verdict' | 'checkFeedback'>>> = {},
) {
  const states = new Map<string, QuestionState>(
    questions.map((element) => {
      const allowed = element.schema.attempts > 0 ? element.schema.attempts : null;
      return [
        element.name,
        {
          name: element.name,
          label: element.label,
          info,
          questionType: element.questionType,
          correct: null,
          verdict: null,
          checkFeedback: [],
          attempts: 0,
          attemptsAllowed: allowed,
          maxScore: 1,
          score: 0,
          feedback: null,
          answer: null,
          answered: false,
          locked: false,
          draft: null,
          needsConfirm: allowed !== null,
          reveal: null,
          awaitingScore: false,
        },
      ];
    }),
  );
  const progress = () => ({
    pageId: 'page-id-1',
    path: pagePath,
    name: 'Protection',
    type: 'question' as const,
    estimatedTime: 0,
    questionCount: questions.length,
    score: 0,
    maxScore: questions.length,
    completed: [...states.values()].every((state) => state.answered),
    seen: true,
    gateOpen: true,
    reachable: true,
    stuck: false,
    awaitingScore: 0,
  });
  const page = (): LearnerPage => ({
    page: {
      pageId: 'page-id-1',
      path: pagePath,
      name: 'Protection',
      type: 'question',
      content: questions,
      interactiveVideo: null,
      estimatedTime: 0,
    },
    // Copies, as from the wire: the client must not see the server's state change under it.
    questions: Object.fromEntries([...states].map(([name, state]) => [name, { ...state }])),
    progress: progress(),
    helpers: [],
  });
  const module = (): LearnerModule => ({
    module: {
      moduleId: 'module-id-1',
      path: modulePath,
      name: 'Safer sex',
      language: 'en',
      info: '',
      originId: null,
      public: true,
      onHome: false,
      showCorrect: false,
      checkReveals: 'nothing',
      test: false,
      anonymousPages: false,
      randomized: [],
      gateProgress: false,
      gateConfig: [],
      image: null,
      published: true,
      estimatedTime: 0,
      pageCount: 1,
      createdAt: '2027-01-01T00:00:00.000Z',
      updatedAt: '2027-01-01T00:00:00.000Z',
      owners: [],
    },
    pages: [progress()],
    score: 0,
    maxScore: questions.length,
    updatedAt: null,
    completed: false,
    needsAttempt: false,
    answers: {},
    feedback: {},
    feedbackLabels: {},
    scoring: {},
    helpers: [],
    awaitingScore: 0,
  });
  const save = ({ result }: InputOf<'result.save'>): OutputOf<'result.save'> => {
    for (const [name, value] of Object.entries(result.answers ?? {}) as [string, AnswerValue][]) {
      const state = states.get(name);
      if (!state || state.locked) continue;
      if (!state.needsConfirm) Object.assign(state, { answer: value, answered: true });
      else if (result.confirm?.includes(name)) {
        state.attempts += 1;
        Object.assign(state, { answer: value, draft: null, answered: true });
        Object.assign(state, checks[name]?.[String(value)] ?? {});
        state.locked = state.attempts >= (state.attemptsAllowed ?? Number.POSITIVE_INFINITY);
      } else state.draft = value;
    }
    return { module: module(), page: page(), scoring: {} };
  };
  const answers: Answers = {
    'result.module': module,
    'result.page': page,
    'result.save': save,
    'tracking.pageSeen': () => ({ success: true, recorded: true }),
  };
  return { answers, states };
}
