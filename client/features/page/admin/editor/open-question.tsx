import { QuestionLabel, QuestionSettings } from './question-settings';

/** An open question: answered in free text, scored by a teacher up to its maximum score. */
export function OpenQuestionEditor({ index }: { index: number }) {
  return (
    <>
      <QuestionLabel index={index} />
      <QuestionSettings index={index} open />
    </>
  );
}
