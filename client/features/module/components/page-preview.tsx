import {
  type Element,
  type InteractiveVideo as InteractiveVideoData,
  withoutAnswerKey,
} from '../../../../events/page/content';
import { InteractiveVideo } from './interactive-video';
import { PageContent } from './page-content';
import { Question } from './question';

/**
 * A page's draft as a participant would meet it, drawn with the learner's own components: the
 * elements without their answer key and every question read-only, so nothing is answered or saved.
 * An interactive page's video plays as the learner's does, pausing at each timestamp on its
 * questions, so the author can check the stops before publishing.
 */
export function PagePreview({
  name,
  content,
  video,
}: {
  name: string;
  content: Element[];
  video: InteractiveVideoData | null;
}) {
  const elements = withoutAnswerKey(content);
  const questions = new Map(
    elements.flatMap((element) => ('questionType' in element ? [[element.name, element] as const] : [])),
  );
  const atStops = new Set(video?.show ? video.timestamps.flatMap((stop) => stop.references) : []);
  const renderQuestion = (question: NonNullable<ReturnType<typeof questions.get>>) => (
    <Question
      key={question.name}
      question={question}
      state={undefined}
      value={question.questionType === 'multiple' ? [] : ''}
      onChange={() => {}}
      onConfirm={() => {}}
      confirming={false}
      readOnly
    />
  );
  return (
    <article className="page-preview">
      <h3>{name}</h3>
      {video?.show && (
        <InteractiveVideo
          video={video}
          title={name}
          renderQuestions={(names) =>
            names.map((question) => {
              const found = questions.get(question);
              return found ? renderQuestion(found) : null;
            })
          }
        />
      )}
      <PageContent elements={elements} renderQuestion={renderQuestion} skip={atStops} />
    </article>
  );
}
