import { type CommandMeta, execute } from '../../events/command';
import { unauthenticated } from '../../events/errors';
import { isQuestion } from '../../events/page/content';
import type { Actor } from '../../events/permissions';
import type { ResultCommand, SaveResultInput } from '../../events/result/commands';
import { resultDecider } from '../../events/result/decider';
import { resultStream } from '../../events/result/events';
import type { Platform } from '../platform';
import { answerablePage, learnerModule, learnerPage } from './queries';

/**
 * saveResult (spec section 7): the participant's answers on one page become AnswerSaved events,
 * scored here; the same answer again changes nothing. Answers the page's new state and the module's
 * scoring, so the client never scores anything itself.
 */
export async function saveResult(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: SaveResultInput,
) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const { module, page } = await answerablePage(db, actor, input.module, input.page);
  await execute(platform.pipeline, {
    decider: resultDecider,
    stream: resultStream(module.moduleId, actor.userId),
    meta,
    authorize: () => {},
    command: (): ResultCommand => ({
      type: 'SaveAnswers',
      data: {
        userId: actor.userId,
        moduleId: module.moduleId,
        modulePath: module.path,
        pageId: page.pageId,
        pagePath: page.path,
        questions: page.content.filter(isQuestion),
        answers: input.result.answers,
      },
    }),
  });
  const [pageState, moduleState] = await Promise.all([
    learnerPage(db, actor, input.module, input.page),
    learnerModule(db, actor, input.module),
  ]);
  return { page: pageState, module: moduleState, scoring: moduleState.scoring };
}
