import { isQuestion, type QuestionElement } from '../../events/page/content';
import type { AnswerValue } from '../../events/result/answers';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { pagesOfModules } from '../../projections/page/page-summaries';
import type { Db } from '../db/tables';
import { answerText } from '../result/answer-texts';
import type { PersonalDataExport } from './data-export';

/**
 * What the readable export prints instead of codes: a module's and a page's name, a question's text
 * and the option texts of a choice, as they read now. Whatever is gone since (a deleted module, a
 * removed question or option) reads as its code, so nothing of the person's record disappears.
 * A test module that hides its page names keeps them hidden here too.
 */
export interface ExportLabels {
  module: (path: string) => string;
  page: (path: string) => string;
  question: (pagePath: string, name: string) => string;
  answer: (pagePath: string, name: string, value: AnswerValue | null) => string | null;
}

export async function exportLabels(db: Db, data: PersonalDataExport): Promise<ExportLabels> {
  const rows = [
    ...data.answers,
    ...data.drafts,
    ...data.scores,
    ...data.extraAttempts,
    ...data.pages,
    ...data.messages,
  ];
  const modules = new Map<string, { name: string; anonymousPages: boolean }>();
  for (const path of new Set(rows.map((row) => row.module))) {
    const module = await findModuleByPath(db, path);
    if (module) modules.set(path, { name: module.name, anonymousPages: module.anonymousPages });
  }
  const pages = new Map(
    (await pagesOfModules(db, [...modules.keys()])).map((page) => [
      page.path,
      {
        name: modules.get(page.parentPath)?.anonymousPages ? null : page.name,
        questions: new Map(
          page.content
            .filter(isQuestion)
            .map((question): [string, QuestionElement] => [question.name, question]),
        ),
      },
    ]),
  );
  const questionOf = (pagePath: string, name: string) => pages.get(pagePath)?.questions.get(name);
  return {
    module: (path) => modules.get(path)?.name ?? path,
    page: (path) => pages.get(path)?.name ?? path,
    question: (pagePath, name) => questionOf(pagePath, name)?.label ?? name,
    answer: (pagePath, name, value) => {
      const question = questionOf(pagePath, name);
      if (!question || value === null) return null;
      return answerText(question, value);
    },
  };
}
