import type { StoredOf } from '../../events/event-types';
import type { QuestionElement } from '../../events/page/content';
import { fillBlanksResponse, fillBlanksXapi } from '../../events/page/question-types/fill-blanks';
import { matchingResponse, matchingXapi } from '../../events/page/question-types/matching';
import { numericMaxScore, numericRange, parseNumber } from '../../events/page/question-types/numeric-score';
import { orderingResponse, orderingXapi } from '../../events/page/question-types/ordering';
import { shortMaxScore } from '../../events/page/question-types/short-score';
import type { TrackingCategory } from '../../events/tracking/events';
import { activityTypes, actorNameOf, PLATFORM_ACTOR_NAME, type VerbKey, verbOf } from './vocabulary';

/**
 * A statement as it is built: platform activities as paths ('/module/…'), the actor without its
 * homePage. Written, it takes the IRI base in effect at its event (absolute.ts), and keeps it.
 */
export interface StoredStatement {
  id: string;
  actor: { objectType: 'Agent'; account: { homePage?: string; name: string } };
  verb: ReturnType<typeof verbOf>;
  object: ActivityObject | { objectType: 'StatementRef'; id: string };
  result?: StatementResult;
  context?: { contextActivities: { parent?: ActivityObject[]; grouping?: ActivityObject[] } };
  timestamp: string;
}

export interface ActivityObject {
  objectType: 'Activity';
  id: string;
  definition?: {
    type?: string;
    name?: Record<string, string>;
    description?: Record<string, string>;
    interactionType?: 'choice' | 'long-fill-in' | 'fill-in' | 'numeric' | 'matching' | 'sequencing';
    correctResponsesPattern?: string[];
    choices?: InteractionComponent[];
    source?: InteractionComponent[];
    target?: InteractionComponent[];
  };
}

/** A choice, a matching prompt or a match: its id and its text in the module's language. */
interface InteractionComponent {
  id: string;
  description: Record<string, string>;
}

export interface StatementResult {
  score?: { raw: number; min: number; max: number; scaled?: number };
  success?: boolean;
  completion?: boolean;
  response?: string;
}

/** One statement to write: the row's columns besides those the event gives (position, stored). */
export interface Draft {
  kind: string;
  userId: string | null;
  verb: VerbKey;
  activity: string | null;
  source: string | null;
  statement: Omit<StoredStatement, 'id'>;
}

const segment = encodeURIComponent;

/**
 * What the statements of a module's answers and pages name, as the module is when they are made:
 * its title and description in its language, its pages' titles (unless the module hides them), and
 * the courses it is part of, the statements' grouping. Without it (a module gone meanwhile) an
 * activity is named by its path, in no language (`und`).
 */
export interface ModuleNames {
  name: string;
  info: string;
  language: string;
  anonymousPages: boolean;
  pages: Record<string, string>;
  courses: { path: string; name: string; language: string }[];
}

/** A description long enough to tell activities apart in a report, never a whole page of text. */
const DESCRIPTION_CHARACTERS = 500;
const described = (text: string, language: string) => {
  const plain = text.trim();
  if (plain === '') return {};
  const cut =
    plain.length > DESCRIPTION_CHARACTERS ? `${plain.slice(0, DESCRIPTION_CHARACTERS - 1)}…` : plain;
  return { description: { [language]: cut } };
};

export const moduleActivity = (modulePath: string, names?: ModuleNames): ActivityObject => ({
  objectType: 'Activity',
  id: `/module/${segment(modulePath)}`,
  definition: {
    type: activityTypes.module,
    name: names ? { [names.language]: names.name } : { und: modulePath },
    ...(names ? described(names.info, names.language) : {}),
  },
});

const courseActivity = (course: ModuleNames['courses'][number]): ActivityObject => ({
  objectType: 'Activity',
  id: `/course/${segment(course.path)}`,
  definition: { type: activityTypes.course, name: { [course.language]: course.name } },
});

/** A module's statement context: the module as parent, its courses as grouping. */
export const moduleContext = (modulePath: string, names?: ModuleNames) => ({
  contextActivities: {
    parent: [moduleActivity(modulePath, names)],
    ...(names && names.courses.length > 0 ? { grouping: names.courses.map(courseActivity) } : {}),
  },
});

const pageActivityId = (modulePath: string, pagePath: string) =>
  `/module/${segment(modulePath)}/${segment(pagePath)}`;

const questionActivityId = (modulePath: string, pagePath: string, question: string) =>
  `${pageActivityId(modulePath, pagePath)}#${segment(question)}`;

export const agent = (userId: string) => ({
  objectType: 'Agent' as const,
  account: { name: actorNameOf(userId) },
});
const platformAgent = () => ({ objectType: 'Agent' as const, account: { name: PLATFORM_ACTOR_NAME } });

/** The score part of a result: raw, its bounds, and scaled when there is a maximum to scale by. */
export const scoreOf = (raw: number, max: number) => ({
  raw,
  min: 0,
  max,
  ...(max > 0 ? { scaled: Math.round((raw / max) * 10_000) / 10_000 } : {}),
});

/** Where each kind of sighting lives on the platform, and what xAPI calls it. */
const sightings: Record<TrackingCategory, { route: string; verb: VerbKey; type?: string }> = {
  courses: { route: 'course', verb: 'experienced', type: activityTypes.course },
  sections: { route: 'section', verb: 'experienced', type: activityTypes.lesson },
  files: { route: 'file', verb: 'experienced', type: activityTypes.file },
  certificates: { route: 'certificate', verb: 'experienced' },
  recordings: { route: 'recording', verb: 'experienced', type: activityTypes.media },
  classrooms: { route: 'classroom', verb: 'attended', type: activityTypes.meeting },
  breakoutrooms: { route: 'breakoutroom', verb: 'attended', type: activityTypes.meeting },
};

/** ItemSeen: experienced (a course, section, file, certificate, recording) or attended (a classroom). */
export function sightingStatement(event: StoredOf<'ItemSeen'>): Draft {
  const { userId, category, path, at } = event.data;
  const { route, verb, type } = sightings[category];
  const object: ActivityObject = {
    objectType: 'Activity',
    id: `/${route}/${segment(path)}`,
    definition: { ...(type ? { type } : {}), name: { und: path } },
  };
  return {
    kind: verb,
    userId,
    verb,
    activity: object.id,
    source: null,
    statement: { actor: agent(userId), verb: verbOf(verb), object, timestamp: at },
  };
}

/**
 * PageSeen: experienced, a page of a module (the module as its parent, as for the page's questions,
 * its courses as grouping). The page is named by its title as it is then, by its path where the
 * module hides page titles (anonymousPages, a test).
 */
export function pageStatement(event: StoredOf<'PageSeen'>, names?: ModuleNames): Draft {
  const { userId, modulePath, pagePath, at } = event.data;
  const title = names && !names.anonymousPages ? names.pages[pagePath] : undefined;
  const object: ActivityObject = {
    objectType: 'Activity',
    id: pageActivityId(modulePath, pagePath),
    definition: {
      type: activityTypes.lesson,
      name: title !== undefined && names ? { [names.language]: title } : { und: pagePath },
    },
  };
  return {
    kind: 'experienced',
    userId,
    verb: 'experienced',
    activity: object.id,
    source: null,
    statement: {
      actor: agent(userId),
      verb: verbOf('experienced'),
      object,
      context: moduleContext(modulePath, names),
      timestamp: at,
    },
  };
}

/** The question as its page holds it now, and the language its texts are written in (its module's). */
export interface QuestionDefinition {
  element: QuestionElement;
  language: string;
}

/**
 * A choice's id in xAPI's terms: an option value with whatever would break a component id (white
 * space) or the `[,]` response separator percent-encoded, so ids and responses name options alike.
 */
const choiceId = (value: string) => value.replace(/[%\s,[\]]/g, encodeURIComponent);

/** The interaction of a question: its type and, once its page is known, its choices and correct responses. */
function interactionOf(
  questionType: QuestionElement['questionType'],
  definition: QuestionDefinition | undefined,
): NonNullable<ActivityObject['definition']> {
  const question = definition?.element;
  switch (questionType) {
    case 'open':
      return { interactionType: 'long-fill-in' };
    case 'numeric': {
      if (question?.questionType !== 'numeric') return { interactionType: 'numeric' };
      const max = numericMaxScore(question.accepted);
      const best = question.accepted.filter((accepted) => max > 0 && accepted.score === max);
      return {
        interactionType: 'numeric',
        ...(best.length > 0 ? { correctResponsesPattern: best.map(numericRange) } : {}),
      };
    }
    case 'short': {
      if (question?.questionType !== 'short') return { interactionType: 'fill-in' };
      const max = shortMaxScore(question.accepted);
      // xAPI's patterns know no wildcard: an accepted text with `*` would read as a literal star.
      const full = question.accepted.filter(
        (accepted) => max > 0 && accepted.score === max && !accepted.text.includes('*'),
      );
      return {
        interactionType: 'fill-in',
        ...(full.length > 0
          ? {
              correctResponsesPattern: full.map(
                ({ text }) => `{case_matters=${question.caseSensitive}}${text}`,
              ),
            }
          : {}),
      };
    }
    case 'matching':
      return question?.questionType === 'matching' && definition
        ? matchingXapi(question, definition.language)
        : { interactionType: 'matching' };
    case 'ordering':
      return question?.questionType === 'ordering' && definition
        ? orderingXapi(question, definition.language)
        : { interactionType: 'sequencing' };
    case 'fillBlanks':
      return question?.questionType === 'fillBlanks'
        ? fillBlanksXapi(question)
        : { interactionType: 'fill-in' };
    default: {
      if (!definition || (question?.questionType !== 'single' && question?.questionType !== 'multiple'))
        return { interactionType: 'choice' };
      const choices = question.options.map((option) => ({
        id: choiceId(option.value),
        description: { [definition.language]: option.label },
      }));
      const right = question.options
        .filter((option) => option.score > 0)
        .map((option) => choiceId(option.value));
      const best = Math.max(0, ...question.options.map((option) => option.score));
      // One right option of a single choice is a whole response; a multiple choice's are one response together.
      const patterns =
        question.questionType === 'multiple'
          ? right.length > 0
            ? [right.join('[,]')]
            : []
          : question.options
              .filter((option) => best > 0 && option.score === best)
              .map((option) => choiceId(option.value));
      return {
        interactionType: 'choice',
        ...(patterns.length > 0 ? { correctResponsesPattern: patterns } : {}),
        choices,
      };
    }
  }
}

/**
 * What the participant answered as xAPI's response: choice ids, a number with a point, a text as
 * typed, matches as `prompt[.]match`, an order as its item ids, blanks one per gap (`[,]` between).
 */
function responseOf(
  questionType: QuestionElement['questionType'],
  answer: string | string[] | null,
): string | null {
  if (answer === null) return null;
  switch (questionType) {
    case 'open':
      return null;
    case 'numeric': {
      const value = parseNumber(Array.isArray(answer) ? '' : answer);
      return value === null ? null : String(value);
    }
    case 'short':
      return Array.isArray(answer) ? null : answer.trim();
    case 'matching':
      return Array.isArray(answer) ? matchingResponse(answer) : null;
    case 'ordering':
      return Array.isArray(answer) ? orderingResponse(answer) : null;
    case 'fillBlanks':
      return Array.isArray(answer) ? fillBlanksResponse(answer) : null;
    default:
      return (Array.isArray(answer) ? answer : [answer]).map(choiceId).join('[,]');
  }
}

/**
 * AnswerSaved: answered, with the score, whether it was right and what was answered: the chosen
 * choice ids (`[,]`-separated), the number, the short text, the matches, the order or the blanks.
 * The question's interaction (choices, matching's source and target, correct responses) comes from its page as it is when the statement is made, in its module's
 * language. An open answer's text is never sent: it may hold anything about its author, and a
 * teacher scores it later. After an erasure the sealed answer reads as null, so a replay leaves the
 * response out, as the erasure itself does (statements.ts).
 */
export function answerStatement(
  event: StoredOf<'AnswerSaved'>,
  definition?: QuestionDefinition,
  names?: ModuleNames,
): Draft {
  const { data } = event;
  const scored = data.questionType !== 'open';
  const object: ActivityObject = {
    objectType: 'Activity',
    id: questionActivityId(data.modulePath, data.pagePath, data.question),
    definition: {
      type: activityTypes.question,
      // The question as it was asked, in its module's language; its name where the page is gone.
      name: definition ? { [definition.language]: definition.element.label } : { und: data.question },
      ...interactionOf(data.questionType, definition),
    },
  };
  const response = responseOf(data.questionType, data.answer);
  const result: StatementResult = scored
    ? {
        score: scoreOf(data.score, data.maxScore),
        success: data.score >= data.maxScore,
        completion: true,
        ...(response !== null && response !== '' ? { response } : {}),
      }
    : { completion: true };
  return {
    kind: 'answered',
    userId: data.userId,
    verb: 'answered',
    activity: object.id,
    source: null,
    statement: {
      actor: agent(data.userId),
      verb: verbOf('answered'),
      object,
      result,
      context: moduleContext(data.modulePath, names),
      timestamp: event.meta.at,
    },
  };
}

export const certificateSource = (certificateId: string) => `certificate:${certificateId}`;

/** CertificateIssued: earned, the certificate of a module or a course (the item as its parent). */
export function earnedStatement(event: StoredOf<'CertificateIssued'>): Draft {
  const { data } = event;
  const item: ActivityObject = {
    objectType: 'Activity',
    id: `/${data.kind}/${segment(data.itemPath)}`,
    definition: {
      type: data.kind === 'module' ? activityTypes.module : activityTypes.course,
      name: { und: data.itemPath },
    },
  };
  const object: ActivityObject = {
    objectType: 'Activity',
    id: `${item.id}/certificate`,
    definition: {
      name: {
        en: `Certificate: ${data.itemPath}`,
        nl: `Certificaat: ${data.itemPath}`,
        fr: `Certificat : ${data.itemPath}`,
      },
    },
  };
  return {
    kind: 'earned',
    userId: data.userId,
    verb: 'earned',
    activity: object.id,
    source: certificateSource(data.certificateId),
    statement: {
      actor: agent(data.userId),
      verb: verbOf('earned'),
      object,
      context: { contextActivities: { parent: [item] } },
      timestamp: data.issuedAt,
    },
  };
}

/** A voiding statement (xAPI 1.0.3, Voided): by the platform, pointing at the statement it voids. */
export function voidingStatement(target: string, timestamp: string): Draft {
  return {
    kind: `void:${target}`,
    userId: null,
    verb: 'voided',
    activity: null,
    source: null,
    statement: {
      actor: platformAgent(),
      verb: verbOf('voided'),
      object: { objectType: 'StatementRef', id: target },
      timestamp,
    },
  };
}
