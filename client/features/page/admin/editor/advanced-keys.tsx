import { useState } from 'react';
import { type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../ui/form';
import { type ElementValues, errorAt, type PageFormValues } from './elements';

/**
 * The keys under which answers are stored, out of the way under 'Advanced': the element's name and,
 * for a choice question, each option's stored value. They fill themselves from the words
 * (AutoKeys); the disclosure opens by itself when one of them is refused.
 */
export function AdvancedKeys({ index, element }: { index: number; element: ElementValues }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<PageFormValues>();
  const [opened, setOpened] = useState(false);
  const namePath = `content.${index}.name`;
  const options = 'options' in element && element.type !== 'textarea' ? (element.options ?? []) : [];
  const valuePath = (at: number) => `content.${index}.options.${at}.value`;
  const refused =
    Boolean(errorAt(formState.errors, namePath)) ||
    options.some((_, at) => Boolean(errorAt(formState.errors, valuePath(at))));
  return (
    <details
      className="element-advanced"
      open={opened || refused}
      onToggle={(event) => setOpened(event.currentTarget.open)}
    >
      <summary>{t('pageEditor.advanced')}</summary>
      <p className="field__hint">{t('pageEditor.advancedHint')}</p>
      <Field label={t('pageEditor.elementName')} error={errorAt(formState.errors, namePath)}>
        {(control) => (
          <input
            {...control}
            {...register(namePath as Path<PageFormValues>)}
            type="text"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      {options.map((option, at) => (
        <Field
          // Options have no id of their own here; their place is what the label names.
          // biome-ignore lint/suspicious/noArrayIndexKey: the option at this place, as its label says
          key={at}
          label={t('pageEditor.choice.optionValue', { number: at + 1, label: option.label })}
          error={errorAt(formState.errors, valuePath(at))}
        >
          {(control) => (
            <input
              {...control}
              {...register(valuePath(at) as Path<PageFormValues>)}
              type="text"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
      ))}
    </details>
  );
}
