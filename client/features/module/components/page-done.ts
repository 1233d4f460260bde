import type { LearnerModuleResult } from '../api/get-learner-module';

/** Done: every question answered, or, on a page without questions, seen by this participant. */
export const pageDone = (page: LearnerModuleResult['pages'][number]): boolean =>
  page.questionCount > 0 ? page.completed : page.seen;
