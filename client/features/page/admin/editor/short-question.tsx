import { useTranslation } from 'react-i18next';
import { AcceptedTexts } from './accepted-texts';
import { QuestionLabel, QuestionSettings } from './question-settings';

/**
 * A short-answer question: its text, the accepted texts each with a score and the feedback a check
 * may show for it, and whether case and accents matter when a typed answer is compared (they do not
 * unless the author says so; `*` in an accepted text stands for any characters).
 */
export function ShortQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  return (
    <>
      <QuestionLabel index={index} />
      <fieldset className="options-editor">
        <legend>{t('pageEditor.short.accepted')}</legend>
        <AcceptedTexts
          path={`content.${index}`}
          labels={{
            row: (number) => ({
              text: t('pageEditor.short.text', { number }),
              score: t('pageEditor.short.score', { number }),
              remove: t('pageEditor.short.remove', { number }),
              feedback: t('pageEditor.short.feedback', { number }),
            }),
          }}
        />
      </fieldset>
      <QuestionSettings index={index} />
    </>
  );
}
