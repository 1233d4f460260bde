import { type Element, withoutAnswerKey } from '../../../../events/page/content';
import { PageContent } from './page-content';
import { Question } from './question';

/**
 * A page's draft as a participant would meet it, drawn with the learner's own components: the
 * elements without their answer key and every question read-only, so nothing is answered or saved.
 */
export function PagePreview({ name, content }: { name: string; content: Element[] }) {
  return (
    <article className="page-preview">
      <h3>{name}</h3>
      <PageContent
        elements={withoutAnswerKey(content)}
        renderQuestion={(question) => (
          <Question
            question={question}
            state={undefined}
            value={question.questionType === 'multiple' ? [] : ''}
            onChange={() => {}}
            onConfirm={() => {}}
            confirming={false}
            readOnly
          />
        )}
      />
    </article>
  );
}
