import '../learner.css';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import type { PublicElement } from '../../../../events/page/content';
import { VideoPlayer } from './video-player';

/**
 * A page's elements in order: text (Markdown, never raw HTML), videos and questions. Answering
 * comes with the learner journey's result saving; until then questions are shown, not answerable,
 * and the page says so.
 */
export function PageContent({ elements, language }: { elements: PublicElement[]; language?: string }) {
  const { t } = useTranslation();
  const hasQuestions = elements.some((element) => 'questionType' in element);
  return (
    <div className="page-content" lang={language}>
      {elements.map((element) => {
        switch (element.type) {
          case 'markdown':
            return (
              <div key={element.name} className="prose">
                <Markdown skipHtml>{element.text}</Markdown>
              </div>
            );
          case 'video':
            return <VideoPlayer key={element.name} url={element.url} title={element.name} />;
          default:
            return <QuestionPreview key={element.name} question={element} />;
        }
      })}
      {hasQuestions && (
        <p className="status status--info" role="note">
          {t('pages.answersNotSaved')}
        </p>
      )}
    </div>
  );
}

function QuestionPreview({ question }: { question: Extract<PublicElement, { questionType: string }> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="question" disabled>
      <legend className="question__label">{question.label}</legend>
      {question.questionType === 'open' ? (
        <textarea className="question__open" aria-label={question.label} rows={4} />
      ) : (
        <ul className="question__options">
          {question.options.map((option) => (
            <li key={option.value}>
              <label>
                <input type={question.type} name={question.name} value={option.value} /> {option.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="question__kind">{t(`pages.questionType.${question.questionType}`)}</p>
    </fieldset>
  );
}
