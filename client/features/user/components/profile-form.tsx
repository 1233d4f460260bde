import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { imageInputSchema } from '../../../../events/shared/fields';
import { profileSchema } from '../../../../events/user/commands';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { interfaceLanguages } from '../../../lib/languages';
import { joinPhone, splitPhone } from '../../../lib/phone';
import { useTenant } from '../../../lib/tenant';
import { Alert } from '../../../ui/alert';
import { CheckboxField, Field, SubmitButton } from '../../../ui/form';
import { ImageField } from '../../../ui/image-field';
import { PhoneField } from '../../../ui/phone-field';
import { type ProfileUpdate, useUpdateProfile } from '../api/update-profile';

/**
 * The shared profile schema, with the country code of the phone beside the number and the image as
 * the image field holds it (empty: none, sent as null; otherwise checked by the shared schema).
 */
const formSchema = profileSchema
  .omit({ image: true })
  .extend({
    phoneRegion: z.string(),
    image: z.object({ name: z.string(), alt: z.string() }),
  })
  .superRefine((values, context) => {
    if (!values.image.name.trim()) return;
    const checked = imageInputSchema.safeParse(values.image);
    for (const issue of checked.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['image', ...issue.path], message: issue.message });
    }
  });
type FormValues = z.input<typeof formSchema>;

const formFields = [
  'name',
  'phone',
  'profession',
  'riziv',
  'description',
  'image.name',
  'image.alt',
  'language',
];

/** The person a profile form edits: the signed-in person, or a user an admin corrects. */
export type ProfileOwner = Pick<
  CurrentUser,
  'name' | 'email' | 'phone' | 'profession' | 'riziv' | 'description' | 'image' | 'fullPrivacy' | 'language'
>;

function valuesOf(user: ProfileOwner): FormValues {
  const phone = splitPhone(user.phone);
  return {
    name: user.name,
    phone: phone.number,
    phoneRegion: phone.region,
    profession: user.profession ?? '',
    riziv: user.riziv ?? '',
    description: user.description ?? '',
    image: { name: user.image?.name ?? '', alt: user.image?.alt ?? '' },
    fullPrivacy: user.fullPrivacy,
    language: user.language,
  };
}

/**
 * /user's form: everything a person may change about themselves; the e-mail address is locked.
 * An admin (manage_users) edits another user with the same form (`save`, and `allFields`: the
 * profession and riziv fields even where signup does not ask for them).
 */
export function ProfileForm({
  user,
  save,
  allFields = false,
  savedText,
}: {
  user: ProfileOwner;
  save?: (input: ProfileUpdate) => Promise<unknown>;
  allFields?: boolean;
  savedText?: string;
}) {
  const { t } = useTranslation();
  const emailId = useId();
  const signupFields = useTenant().data?.signupFields ?? [];
  const asked = new Set(allFields ? ['profession', 'riziv', ...signupFields] : signupFields);
  const update = useUpdateProfile();
  const send = save ?? update.mutateAsync;
  const [alert, setAlert] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(formSchema, undefined, { raw: true }),
    defaultValues: valuesOf(user),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await send({
        name: values.name,
        phone: joinPhone(values.phoneRegion, values.phone ?? ''),
        // Fields this platform does not ask for keep what they held.
        profession: asked.has('profession') ? values.profession : (user.profession ?? ''),
        riziv: asked.has('riziv') ? values.riziv : (user.riziv ?? ''),
        description: values.description,
        image: values.image.name.trim() ? imageInputSchema.parse(values.image) : null,
        fullPrivacy: values.fullPrivacy,
        language: values.language,
      });
      form.reset(values);
      setAlert({ tone: 'success', text: savedText ?? t('profile.saved') });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, formFields);
      setAlert({ tone: 'danger', text: problem.message ?? t('profile.saveError') });
    }
  });

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section">
        <legend className="form-section__title">{t('profile.personal')}</legend>
        <Field label={t('form.name')} error={errors.name}>
          {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="name" />}
        </Field>
        <div className="field">
          <label htmlFor={emailId} className="field__label">
            {t('form.email')}
          </label>
          <input
            id={emailId}
            type="email"
            value={user.email}
            readOnly
            className="input--locked"
            aria-describedby={`${emailId}-hint`}
          />
          <p id={`${emailId}-hint`} className="field__hint">
            {t('profile.emailLocked')}
          </p>
        </div>
        <PhoneField
          region={form.register('phoneRegion')}
          number={form.register('phone')}
          error={errors.phone}
        />
        {asked.has('profession') && (
          <Field label={t('form.profession')} error={errors.profession} optional>
            {(control) => (
              <input
                {...control}
                {...form.register('profession')}
                type="text"
                autoComplete="organization-title"
              />
            )}
          </Field>
        )}
        {asked.has('riziv') && (
          <Field label={t('form.riziv')} hint={t('form.rizivHint')} error={errors.riziv} optional>
            {(control) => <input {...control} {...form.register('riziv')} type="text" inputMode="numeric" />}
          </Field>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">{t('profile.about')}</legend>
        <Field
          label={t('profile.description')}
          hint={t('profile.descriptionHint')}
          error={errors.description}
          optional
        >
          {(control) => <textarea {...control} {...form.register('description')} rows={5} />}
        </Field>
      </fieldset>

      <ImageField
        legend={t('profile.imageName')}
        value={form.watch('image')}
        onChange={(image) =>
          form.setValue('image', image, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
        errors={{ name: errors.image?.name, alt: errors.image?.alt }}
        purpose="profile"
      />

      <fieldset className="form-section">
        <legend className="form-section__title">{t('profile.privacyAndLanguage')}</legend>
        <CheckboxField label={t('profile.fullPrivacy')} description={t('profile.fullPrivacyHint')}>
          {(control) => <input {...control} {...form.register('fullPrivacy')} type="checkbox" />}
        </CheckboxField>
        <Field label={t('profile.language')} hint={t('profile.languageHint')} error={errors.language}>
          {(control) => (
            <select {...control} {...form.register('language')}>
              {interfaceLanguages.map((code) => (
                <option key={code} value={code} lang={code}>
                  {t(`languages.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>

      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
        </Alert>
      )}
      <div className="form__actions">
        <SubmitButton busy={isSubmitting}>{t('profile.save')}</SubmitButton>
      </div>
    </form>
  );
}
