import type { Transaction } from 'kysely';
import { type CommandMeta, execute } from '../../events/command';
import { conflict, invalid, unauthenticated } from '../../events/errors';
import { isQuestion } from '../../events/page/content';
import type { Actor } from '../../events/permissions';
import type { ResultCommand, SaveDrafts, SaveResultInput } from '../../events/result/commands';
import { resultDecider } from '../../events/result/decider';
import { draftDecider } from '../../events/result/draft-decider';
import { draftStream, resultStream } from '../../events/result/events';
import type { StoredEvent } from '../../events/store';
import { streamsOfRequest } from '../../projections/result/answer-requests';
import { draftsOf } from '../../projections/result/result-drafts';
import type { Database } from '../db';
import type { Platform } from '../platform';
import { learnerViewSources } from './learner-view';
import { answerablePage, learnerModuleWithHelpers, learnerPageOf, learnerState } from './queries';

/**
 * saveResult (docs/guide/questions-and-attempts.md): the participant's answers on one page. A
 * question with unlimited attempts records every change as its answer (AnswerSaved, scored here). A
 * question with limited attempts records changes as drafts (AnswerDrafted), which spend nothing;
 * only the questions named in `confirm` get an answer that spends an attempt. The same answer again
 * changes nothing. Answers the page's new state and the module's scoring, so the client never
 * scores anything itself.
 *
 * With an idempotency key, each stream takes the request at most once: a retry or a replay from a
 * device's queue changes nothing there and answers the current state, as the first request did.
 * The key is looked up again inside each append's transaction, under the stream's lock, so
 * concurrent copies of one request queue up and only the first appends.
 */
export async function saveResult(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: SaveResultInput,
) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  // The module's structure comes from this process's copy when current; the answers are read again after the write.
  const sources = learnerViewSources(platform.database, actor.userId);
  const {
    module,
    page,
    questions: states,
  } = await answerablePage(db, actor, input.module, input.page, sources);
  const questions = page.content.filter(isQuestion);
  const confirm = new Set(input.result.confirm ?? []);
  for (const name of confirm)
    if (!(name in input.result.answers))
      throw invalid('result.confirmWithoutAnswer', [
        { path: `result.confirm`, key: 'result.confirmWithoutAnswer' },
      ]);
  const answers: Record<string, unknown> = {};
  const drafts: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input.result.answers)) {
    const state = states.find((question) => question.name === name);
    if (state?.needsConfirm && !confirm.has(name)) drafts[name] = value;
    else answers[name] = value;
  }
  const idempotencyKey = input.idempotencyKey ?? null;
  const answersStream = resultStream(module.moduleId, actor.userId);
  const draftsStream = draftStream(module.moduleId, actor.userId);
  const applied = new Set(idempotencyKey ? await streamsOfRequest(db, actor.userId, idempotencyKey) : []);
  const request = async (trx: Parameters<typeof draftsOf>[0], stream: string) => ({
    idempotencyKey,
    alreadyApplied:
      idempotencyKey !== null &&
      (applied.has(stream) || (await streamsOfRequest(trx, actor.userId, idempotencyKey)).includes(stream)),
  });
  // Checked before anything is written: a refused request changes nothing. A replay of drafts
  // that were saved before the question locked is no new draft, so it is not refused.
  const locked =
    !applied.has(draftsStream) && states.find((question) => question.locked && question.name in drafts);
  if (locked) throw conflict('result.noAttemptsLeft', { question: locked.name });
  const ref = {
    userId: actor.userId,
    moduleId: module.moduleId,
    modulePath: module.path,
    pageId: page.pageId,
    pagePath: page.path,
    questions,
  };
  const appended: StoredEvent[] = [];
  // Whether the view read before is the state this request's writes start from. Not when a stream
  // took the request already (a copy that ran at the same moment) or decided nothing: another
  // writer's events are then what the answer must show, so the view is read again.
  let current = true;
  if (Object.keys(answers).length > 0 && applied.has(answersStream)) current = false;
  if (Object.keys(drafts).length > 0 && applied.has(draftsStream)) current = false;
  if (Object.keys(answers).length > 0 && !applied.has(answersStream)) {
    const outcome = await execute(platform.pipeline, {
      decider: resultDecider,
      stream: answersStream,
      meta,
      authorize: () => {},
      command: async (_state, trx: Transaction<Database>): Promise<ResultCommand> => ({
        type: 'SaveAnswers',
        data: { ...ref, ...(await request(trx, answersStream)), answers },
      }),
    });
    if (outcome.events.length === 0) current = false;
    appended.push(...outcome.events);
  }
  if (Object.keys(drafts).length > 0 && !applied.has(draftsStream)) {
    const outcome = await execute(platform.pipeline, {
      decider: draftDecider,
      stream: draftsStream,
      meta,
      authorize: () => {},
      command: async (_state, trx: Transaction<Database>): Promise<SaveDrafts> => {
        // A question without a draft starts from its confirmed answer: restating it is no draft.
        const current = Object.fromEntries(states.map((question) => [question.name, question.answer]));
        return {
          type: 'SaveDrafts',
          data: {
            ...ref,
            ...(await request(trx, draftsStream)),
            drafts,
            current: { ...current, ...(await draftsOf(trx, actor.userId, module.moduleId, page.path)) },
          },
        };
      },
    });
    if (outcome.events.length === 0) current = false;
    appended.push(...outcome.events);
  }
  // The new state from what was read before and what was just appended, not read again.
  const after = current ? sources.after(appended) : learnerViewSources(platform.database, actor.userId);
  const state = await learnerState(db, actor, input.module, actor.userId, after);
  const [pageState, moduleState] = await Promise.all([
    learnerPageOf(db, actor, state, input.page, after),
    learnerModuleWithHelpers(db, actor, state),
  ]);
  return { page: pageState, module: moduleState, scoring: moduleState.scoring };
}
