/**
 * The top-level sections of the interface texts that only the admin area reads. The learner's first
 * download carries every other section of its language; these arrive with the admin area, so a
 * participant on a slow phone never downloads the authors' texts (the build splits each language
 * file in two: `?texts=learner` and `?texts=admin`, vite.config.ts). `mail` and `apiAnswers` (the
 * API's answers) are the server's alone.
 * tests/client/locales.test.ts checks that no file outside the admin area names one of them.
 */
export const adminSections = [
  'history',
  'courseAdmin',
  'moduleAdmin',
  'adminSettings',
  'pageEditor',
  'pageErrors',
  'captionAdmin',
  'mail',
  'apiAnswers',
  // LTI launch pages and their errors are the server's own: no learner screen reads them.
  'lti',
  'sectionAdmin',
  'teacherResults',
  'fileAdmin',
  'pageAdmin',
  'roleActions',
  'role',
  'sortable',
  'translationAdmin',
  'grading',
  'questionStats',
  'questionStatsCsv',
  'userImport',
  'bulkLink',
  'participantGroup',
  'contentChanges',
  'courseCopy',
  'expiringCertificates',
  'adminUsers',
  'adminRoles',
  'adminLink',
  'adminArea',
  'messageAdmin',
] as const;

export type TextsPart = 'learner' | 'admin';

/** The sections of one language's texts that belong to a part. */
export function textsPart(texts: Record<string, unknown>, part: TextsPart): Record<string, unknown> {
  const admin = new Set<string>(adminSections);
  return Object.fromEntries(Object.entries(texts).filter(([key]) => admin.has(key) === (part === 'admin')));
}
