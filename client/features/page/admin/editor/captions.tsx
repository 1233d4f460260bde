import { useState } from 'react';
import { type Path, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CaptionTrack } from '../../../../../events/page/captions';
import { languages } from '../../../../../events/shared/fields';
import { problemOf } from '../../../../lib/forms';
import { uploadFile } from '../../../../lib/upload';
import { Field } from '../../../../ui/form';
import { errorAt, type PageFormValues } from './elements';

type Language = CaptionTrack['language'];
type TrackValues = { language: Language; url: string; label?: string };

/**
 * A video's caption files (docs/guide/modules-and-pages.md#captions), one per language: choosing a
 * .vtt file uploads it at once and attaches it (the server checks it is WebVTT and says what is
 * wrong, shown at the language's field); a file attached can be replaced or removed. `base` is the
 * video's path in the page form (`content.2` or `interactiveVideo`).
 */
export function CaptionTracksEditor({ base }: { base: string }) {
  const { t } = useTranslation();
  const { control, setValue, register, formState } = useFormContext<PageFormValues>();
  const path = `${base}.tracks` as Path<PageFormValues>;
  const tracks = ((useWatch({ control, name: path }) ?? []) as TrackValues[]).filter(Boolean);
  const [busy, setBusy] = useState<Language | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Language, string>>>({});
  const [done, setDone] = useState('');

  const put = (next: TrackValues[]) =>
    setValue(
      path,
      [...next].sort((a, b) => languages.indexOf(a.language) - languages.indexOf(b.language)) as never,
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    );
  const upload = async (language: Language, input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(language);
    setDone('');
    setProblems((shown) => ({ ...shown, [language]: undefined }));
    try {
      const uploaded = await uploadFile({ file });
      const before = tracks.find((track) => track.language === language);
      put([
        ...tracks.filter((track) => track.language !== language),
        { language, url: uploaded.url, label: before?.label ?? '' },
      ]);
      setDone(t('captionAdmin.attached', { name: uploaded.name, language: t(`languages.${language}`) }));
    } catch (error) {
      setProblems((shown) => ({ ...shown, [language]: problemOf(error).message ?? t('form.unreachable') }));
    } finally {
      setBusy(null);
      input.value = '';
    }
  };
  const remove = (language: Language) => {
    put(tracks.filter((track) => track.language !== language));
    setDone(t('captionAdmin.removed', { language: t(`languages.${language}`) }));
  };

  return (
    <fieldset className="form-section captions-editor">
      <legend className="form-section__title">{t('captionAdmin.title')}</legend>
      <p className="field__hint">{t('captionAdmin.hint')}</p>
      {languages.map((language) => {
        const index = tracks.findIndex((track) => track.language === language);
        const track = tracks[index];
        const name = t(`languages.${language}`);
        const at = `${path}.${index}`;
        const fieldError =
          problems[language] ??
          (index >= 0
            ? (errorAt(formState.errors, `${at}.url`) ?? errorAt(formState.errors, `${at}.language`))
            : undefined);
        return (
          <div key={language} className="captions-editor__language">
            <Field
              label={t('captionAdmin.file', { language: name })}
              hint={
                busy === language
                  ? t('captionAdmin.uploading')
                  : track
                    ? t('captionAdmin.current', {
                        name: decodeURIComponent(track.url.split('/').pop() ?? ''),
                      })
                    : t('captionAdmin.none')
              }
              error={fieldError}
            >
              {(props) => (
                <input
                  {...props}
                  type="file"
                  accept=".vtt,text/vtt"
                  disabled={busy !== null}
                  onChange={(event) => void upload(language, event.currentTarget)}
                />
              )}
            </Field>
            {track && (
              <>
                <Field label={t('captionAdmin.label', { language: name })} optional>
                  {(props) => (
                    <input
                      {...props}
                      {...register(`${at}.label` as Path<PageFormValues>)}
                      type="text"
                      autoComplete="off"
                      placeholder={name}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => remove(language)}
                >
                  {t('captionAdmin.remove', { language: name })}
                </button>
              </>
            )}
          </div>
        );
      })}
      <p className="visually-hidden" role="status">
        {done}
      </p>
    </fieldset>
  );
}
