import { v5 } from 'uuid';

/**
 * The xAPI words the platform uses (docs/integrating/xapi.md): ADL's verbs where ADL has one, and
 * the Tin Can registry's `earned`, the verb integrators already read for credentials.
 */
export const verbs = {
  experienced: {
    id: 'http://adlnet.gov/expapi/verbs/experienced',
    en: 'experienced',
    nl: 'bekeek',
    fr: 'a consulté',
  },
  attended: {
    id: 'http://adlnet.gov/expapi/verbs/attended',
    en: 'attended',
    nl: 'woonde bij',
    fr: 'a assisté à',
  },
  answered: {
    id: 'http://adlnet.gov/expapi/verbs/answered',
    en: 'answered',
    nl: 'beantwoordde',
    fr: 'a répondu à',
  },
  completed: {
    id: 'http://adlnet.gov/expapi/verbs/completed',
    en: 'completed',
    nl: 'voltooide',
    fr: 'a terminé',
  },
  passed: { id: 'http://adlnet.gov/expapi/verbs/passed', en: 'passed', nl: 'slaagde voor', fr: 'a réussi' },
  failed: {
    id: 'http://adlnet.gov/expapi/verbs/failed',
    en: 'failed',
    nl: 'slaagde niet voor',
    fr: 'a échoué à',
  },
  earned: { id: 'http://id.tincanapi.com/verb/earned', en: 'earned', nl: 'behaalde', fr: 'a obtenu' },
  voided: {
    id: 'http://adlnet.gov/expapi/verbs/voided',
    en: 'voided',
    nl: 'maakte ongeldig',
    fr: 'a annulé',
  },
} as const;
export type VerbKey = keyof typeof verbs;
const verbKeys = Object.keys(verbs) as VerbKey[];

/** The verb's key from its IRI (the `verb` filter of GET /xapi/statements); null for another IRI. */
export const verbKeyOf = (iri: string): VerbKey | null =>
  verbKeys.find((key) => verbs[key].id === iri) ?? null;

export const verbOf = (key: VerbKey) => {
  const { id, en, nl, fr } = verbs[key];
  return { id, display: { en, nl, fr } };
};

export const activityTypes = {
  course: 'http://adlnet.gov/expapi/activities/course',
  module: 'http://adlnet.gov/expapi/activities/module',
  question: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  file: 'http://adlnet.gov/expapi/activities/file',
  media: 'http://adlnet.gov/expapi/activities/media',
  meeting: 'http://adlnet.gov/expapi/activities/meeting',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  link: 'http://adlnet.gov/expapi/activities/link',
} as const;

/**
 * Fixed for good: statement ids and actor names are derived from it, so changing it would give every
 * statement a new id and every person a new name in each LRS.
 */
const NAMESPACE = 'c1f5bd1e-6f0b-4e55-9a1e-2b1e0c7a5d23';

/** A statement's id: the event that caused it (stream and version) and which of its statements it is. */
export const statementIdOf = (stream: string, version: number, kind: string) =>
  v5(`statement:${stream}:${version}:${kind}`, NAMESPACE);

/**
 * The account name of a person in every statement: stable, opaque, never their e-mail or name. It
 * is a hash of the internal user id, which stays in the log after an erasure while nothing links it
 * to a person any more (DESIGN, Identity and personal data).
 */
export const actorNameOf = (userId: string) => v5(`actor:${userId}`, NAMESPACE);

/** Who voids a statement: the platform itself (revocations and erasures carry nobody's id). */
export const PLATFORM_ACTOR_NAME = 'platform';
