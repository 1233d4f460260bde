import { useEffect, useRef } from 'react';
import { type Path, useFormContext, useWatch } from 'react-hook-form';
import { type ElementValues, keyFromLabel, type PageFormValues } from './elements';

/** A name the page editor gave by itself (`question2`, `option1`) rather than one an author typed. */
const numbered = /^(question|option)\d+$/;

/**
 * Keeps the keys of a question the author has not saved yet in step with its words: the element's
 * name follows its question text and each option's stored value its text, so authors never have
 * to invent keys. Keys that are saved (answers are stored under them) or that the author typed
 * under 'Advanced' stay as they are.
 */
export function AutoKeys({ index }: { index: number }) {
  const { control, setValue, formState, getValues } = useFormContext<PageFormValues>();
  const element = useWatch({ control, name: `content.${index}` as 'content.0' }) as ElementValues | undefined;
  const generated = useRef(new Set<string>());
  const label = element && 'label' in element ? element.label : undefined;
  const options = element && 'options' in element ? element.options : undefined;
  const optionLabels = JSON.stringify(options?.map((option) => option.label) ?? []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the words change, not when the keys it sets do
  useEffect(() => {
    if (!element || label === undefined) return;
    const saved = (formState.defaultValues?.content ?? []) as ElementValues[];
    const savedNames = new Set(saved.map((item) => item?.name));
    const follows = (key: string, savedKeys: Set<string | undefined>) =>
      !savedKeys.has(key) && (generated.current.has(key) || numbered.test(key));

    if (follows(element.name, savedNames)) {
      const others = (getValues('content') ?? []).filter((_, at) => at !== index).map((item) => item.name);
      const name = keyFromLabel(label, others, 'question');
      generated.current.add(name);
      if (name !== element.name) setValue(`content.${index}.name` as Path<PageFormValues>, name as never);
    }

    const before = saved.find((item) => item?.name === element.name);
    const savedValues = new Set(
      before && 'options' in before ? (before.options ?? []).map((option) => option?.value) : [],
    );
    (options ?? []).forEach((option, at) => {
      if (!follows(option.value, savedValues)) return;
      const others = (options ?? []).filter((_, other) => other !== at).map((item) => item.value);
      const value = keyFromLabel(option.label, others, 'option');
      generated.current.add(value);
      if (value !== option.value) {
        setValue(`content.${index}.options.${at}.value` as Path<PageFormValues>, value as never);
      }
    });
  }, [label, optionLabels]);

  return null;
}
