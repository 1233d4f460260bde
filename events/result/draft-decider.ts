import { assertNever, type Decider } from '../decider';
import { attemptsAllowed, sameAnswer } from './answers';
import type { SaveDrafts } from './commands';
import { parseAnswer } from './decider';
import type { DraftEvent } from './events';

/**
 * Drafts (unconfirmed answers to questions with limited attempts): a draft is the participant's
 * latest unconfirmed text or choice and nothing more, so the decision needs no history. The latest
 * draft of each question comes in the command; an unchanged one decides nothing.
 */
function decide(command: SaveDrafts): DraftEvent[] {
  const { questions, drafts, current, alreadyApplied, ...ref } = command.data;
  // A replayed request (its key already applied) changes nothing: a later draft stays.
  if (alreadyApplied) return [];
  const events: DraftEvent[] = [];
  for (const [name, value] of Object.entries(drafts)) {
    const { question, answer } = parseAnswer(questions, name, value);
    // Only questions with limited attempts have drafts; the others save every change as the answer.
    if (attemptsAllowed(question) === null) continue;
    if (sameAnswer(current[name] ?? null, answer)) continue;
    events.push({
      type: 'AnswerDrafted',
      data: { ...ref, question: name, questionType: question.questionType, answer },
    });
  }
  return events;
}

export const draftDecider: Decider<SaveDrafts, DraftEvent, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => {
    switch (command.type) {
      case 'SaveDrafts':
        return decide(command);
      default:
        return assertNever(command.type);
    }
  },
  stateless: true,
};
