import './page-editor.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useRef, useState } from 'react';
import { FormProvider, type Path, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { pageInputSchema } from '../../../../../events/page/commands';
import { pageTypes } from '../../../../../events/page/events';
import { problemOf } from '../../../../lib/forms';
import { Alert } from '../../../../ui/alert';
import { Field, SubmitButton } from '../../../../ui/form';
import { AdvancedKeys } from './advanced-keys';
import { AutoKeys } from './auto-keys';
import { ChoiceQuestionEditor } from './choice-question';
import {
  type ElementKind,
  type ElementValues,
  elementKinds,
  errorAt,
  minutesOf,
  newElement,
  newInteractiveVideo,
  type PageFormValues,
  trueFalseElement,
} from './elements';
import { FillBlanksQuestionEditor } from './fill-blanks-question';
import { InteractiveVideoEditor } from './interactive-video';
import { MarkdownElementEditor } from './markdown-element';
import { MatchingQuestionEditor } from './matching-question';
import { MinutesInput } from './minutes-input';
import { NumericQuestionEditor } from './numeric-question';
import { OpenQuestionEditor } from './open-question';
import { OrderingQuestionEditor } from './ordering-question';
import { ShortQuestionEditor } from './short-question';
import { VideoElementEditor } from './video-element';

/**
 * The page editor (docs/guide/modules-and-pages.md): name, type, estimated time, and the content
 * builder, a list of elements (text, questions, video) to add, move and remove; an interactive page
 * also gets its video with the moments where it pauses for questions. Validation is the shared page
 * schema, so its messages show next to the fields, in the interface language.
 */
export function PageEditor({
  defaultValues,
  save,
  submitLabel,
  readOnly = false,
  children,
}: {
  defaultValues: PageFormValues;
  save: (values: PageFormValues) => Promise<string | null>;
  submitLabel: string;
  readOnly?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(pageInputSchema, undefined, { raw: true }),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const estimatedTime = useWatch({ control: form.control, name: 'estimatedTime' });
  const lastVideo = useRef(defaultValues.interactiveVideo);

  const changeType = (next: PageFormValues['type']) => {
    const video = form.getValues('interactiveVideo');
    if (next === 'interactive') {
      form.setValue('interactiveVideo', lastVideo.current ?? newInteractiveVideo(), { shouldDirty: true });
    } else if (video) {
      // Kept aside while the page is of another type, so switching back restores it.
      lastVideo.current = video;
      form.setValue('interactiveVideo', null, { shouldDirty: true });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const text = await save(values);
      if (text) {
        form.reset(values);
        setNotice({ tone: 'success', text });
      }
    } catch (error) {
      const problem = problemOf(error);
      for (const field of problem.fields) {
        const path = field.path.startsWith('page.') ? field.path.slice(5) : field.path;
        form.setError(path as Path<PageFormValues>, { type: 'server', message: field.key || field.message });
      }
      setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
  });

  const typeField = form.register('type');

  return (
    <FormProvider {...form}>
      <form className="form form--wide page-editor" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <fieldset className="form-section" disabled={readOnly}>
          <legend className="form-section__title">{t('pageEditor.general')}</legend>
          <Field label={t('pageEditor.name')} error={errors.name}>
            {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="off" />}
          </Field>
          <Field label={t('pageEditor.type')} error={errors.type}>
            {(control) => (
              <select
                {...control}
                {...typeField}
                onChange={(event) => {
                  void typeField.onChange(event);
                  changeType(event.target.value as PageFormValues['type']);
                }}
              >
                {pageTypes.map((pageType) => (
                  <option key={pageType} value={pageType}>
                    {t(`pageEditor.types.${pageType}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('pageEditor.estimatedTime')}
            hint={t('pageEditor.minutesHint', { count: minutesOf(Number(estimatedTime ?? 0)) })}
            error={errorAt(errors, 'estimatedTime', true)}
          >
            {(control) => <MinutesInput name="estimatedTime" control={control} />}
          </Field>
        </fieldset>

        <ContentBuilder readOnly={readOnly} />

        {type === 'interactive' && (
          <fieldset className="form-section--plain" disabled={readOnly}>
            <InteractiveVideoEditor />
          </fieldset>
        )}

        {notice && (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
          </Alert>
        )}
        {Object.keys(errors).length > 0 && !notice && (
          <Alert tone="danger">
            <p>{t('pageEditor.fixErrors')}</p>
          </Alert>
        )}
        {!readOnly && (
          <div className="form__actions">
            <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
            {children}
          </div>
        )}
      </form>
    </FormProvider>
  );
}

function ContentBuilder({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContextTyped();
  const elements = useFieldArray({ control, name: 'content' });
  const current = (useWatch({ control, name: 'content' }) ?? []) as ElementValues[];

  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const add = (kind: ElementKind) => {
    elements.append(
      newElement(
        kind,
        current.map((element) => element.name),
      ) as never,
    );
  };

  return (
    <fieldset className="form-section" disabled={readOnly}>
      <legend className="form-section__title">{t('pageEditor.content')}</legend>
      {elements.fields.length === 0 && <p className="muted">{t('pageEditor.noElements')}</p>}
      <ol className="element-list">
        {elements.fields.map((field, index) => {
          const element = current[index] ?? (field as unknown as ElementValues);
          const number = index + 1;
          const kind = t(`pageEditor.elements.${element.type}`);
          return (
            <li key={field.id} className="element-card">
              <div className="element-card__header">
                <h3 className="element-card__title">
                  {number}. {kind}
                </h3>
                <div className="element-card__tools">
                  <button
                    id={`up-${field.id}`}
                    type="button"
                    className="button button--ghost button--small"
                    disabled={index === 0}
                    aria-label={t('pageEditor.moveUp', { number, kind })}
                    onClick={() => {
                      elements.move(index, index - 1);
                      focusLater(index - 1 === 0 ? `down-${field.id}` : `up-${field.id}`);
                    }}
                  >
                    ↑
                  </button>
                  <button
                    id={`down-${field.id}`}
                    type="button"
                    className="button button--ghost button--small"
                    disabled={index === elements.fields.length - 1}
                    aria-label={t('pageEditor.moveDown', { number, kind })}
                    onClick={() => {
                      elements.move(index, index + 1);
                      focusLater(
                        index + 1 === elements.fields.length - 1 ? `up-${field.id}` : `down-${field.id}`,
                      );
                    }}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--danger-ghost button--small"
                    aria-label={t('pageEditor.removeElement', { number, kind })}
                    onClick={() => elements.remove(index)}
                  >
                    {t('pageEditor.remove')}
                  </button>
                </div>
              </div>
              <ElementBody index={index} type={element.type} />
              <AutoKeys index={index} />
              <AdvancedKeys index={index} element={element} />
            </li>
          );
        })}
      </ol>
      <div className="element-add">
        <h3 className="element-add__label">{t('pageEditor.addElement')}</h3>
        {elementKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--ghost button--small"
            onClick={() => add(kind)}
          >
            + {t(`pageEditor.elements.${kind}`)}
          </button>
        ))}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() =>
            elements.append(
              trueFalseElement(
                current.map((element) => element.name),
                { true: t('pageEditor.trueFalse.true'), false: t('pageEditor.trueFalse.false') },
              ) as never,
            )
          }
        >
          + {t('pageEditor.trueFalse.add')}
        </button>
      </div>
    </fieldset>
  );
}

function ElementBody({ index, type }: { index: number; type: ElementValues['type'] }) {
  switch (type) {
    case 'markdown':
      return <MarkdownElementEditor index={index} />;
    case 'video':
      return <VideoElementEditor index={index} />;
    case 'radio':
    case 'checkbox':
      return <ChoiceQuestionEditor index={index} />;
    case 'textarea':
      return <OpenQuestionEditor index={index} />;
    case 'numeric':
      return <NumericQuestionEditor index={index} />;
    case 'shortText':
      return <ShortQuestionEditor index={index} />;
    case 'matching':
      return <MatchingQuestionEditor index={index} />;
    case 'ordering':
      return <OrderingQuestionEditor index={index} />;
    case 'fillBlanks':
      return <FillBlanksQuestionEditor index={index} />;
  }
}

const useFormContextTyped = () => useFormContext<PageFormValues>();
