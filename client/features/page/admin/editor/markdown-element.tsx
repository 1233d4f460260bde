import { useId } from 'react';
import { type Path, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../ui/form';
import { MarkdownText } from '../../../../ui/markdown-text';
import { errorAt, type PageFormValues } from './elements';
import { ImageInsert } from './image-insert';

/**
 * A text block in Markdown with a live preview. Raw HTML in the text is never rendered
 * (MarkdownText): the preview shows what learners will see, without scripts or markup injection.
 */
export function MarkdownElementEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const previewId = useId();
  const { register, control, formState } = useFormContext<PageFormValues>();
  const textPath = `content.${index}.text` as Path<PageFormValues>;
  const text = useWatch({ control, name: textPath }) as string | undefined;
  return (
    <div className="markdown-editor">
      <Field
        label={t('pageEditor.markdown.text')}
        hint={t('pageEditor.markdown.hint')}
        error={errorAt(formState.errors, textPath)}
      >
        {(control) => (
          <textarea {...control} {...register(textPath)} rows={8} className="markdown-editor__input" />
        )}
      </Field>
      <ImageInsert<PageFormValues> textPath={textPath} />
      <section className="markdown-editor__preview" aria-labelledby={previewId}>
        <h4 id={previewId} className="markdown-editor__preview-title">
          {t('pageEditor.markdown.preview')}
        </h4>
        {text?.trim() ? (
          <MarkdownText text={text} />
        ) : (
          <div className="prose">
            <p className="muted">{t('pageEditor.markdown.empty')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
