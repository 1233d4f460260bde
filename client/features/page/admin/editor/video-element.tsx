import type { Path } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../ui/form';
import { CaptionTracksEditor } from './captions';
import { errorAt, type PageFormValues } from './elements';

/** A video block: the address of the video learners watch, and its caption files. */
export function VideoElementEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<PageFormValues>();
  const urlPath = `content.${index}.url` as Path<PageFormValues>;
  return (
    <>
      <Field
        label={t('pageEditor.video.url')}
        hint={t('pageEditor.video.hint')}
        error={errorAt(formState.errors, urlPath)}
      >
        {(control) => (
          <input {...control} {...register(urlPath)} type="url" inputMode="url" autoComplete="off" />
        )}
      </Field>
      <CaptionTracksEditor base={`content.${index}`} />
    </>
  );
}
