import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { signUpSchema } from '../../../../events/user/commands';
import { currentLanguage } from '../../../lib/i18n';
import { defaultRegion, joinPhone } from '../../../lib/phone';
import { useTenant } from '../../../lib/tenant';
import { Alert } from '../../../ui/alert';
import { emailInputProps, Field, SubmitButton } from '../../../ui/form';
import { PhoneField } from '../../../ui/phone-field';
import { signUp } from '../api/sign-up';
import { NewPasswordField } from './password-input';
import { useFormAlert } from './use-form-alert';

/** The shared sign-up schema, plus the country code chosen beside the phone number. */
const formSchema = signUpSchema.extend({ phoneRegion: z.string() });

/**
 * Name, e-mail and password, and the optional fields the tenant asks for (phone, profession,
 * riziv). On success the mailed code is the next step.
 */
export function SignUpForm({
  email,
  onDone,
}: {
  email: string;
  onDone: (email: string, message: string) => void;
}) {
  const { t } = useTranslation();
  const asked = new Set(useTenant().data?.signupFields ?? []);
  const form = useForm({
    resolver: zodResolver(formSchema, undefined, { raw: true }),
    defaultValues: {
      name: '',
      email,
      password: '',
      phone: '',
      phoneRegion: defaultRegion,
      profession: '',
      riziv: '',
    },
  });
  const fields = ['name', 'email', 'password', 'phone', 'profession', 'riziv'] as const;
  const { alert, setAlert, fail } = useFormAlert(form.setError, fields);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await signUp({
        name: values.name,
        email: values.email,
        password: values.password,
        ...(asked.has('phone') ? { phone: joinPhone(values.phoneRegion, values.phone ?? '') } : {}),
        ...(asked.has('profession') ? { profession: values.profession } : {}),
        ...(asked.has('riziv') ? { riziv: values.riziv } : {}),
        language: currentLanguage(),
      });
      onDone(values.email.trim(), answer.message);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
        </Alert>
      )}
      <Field label={t('form.name')} error={errors.name}>
        {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="name" />}
      </Field>
      <Field label={t('form.email')} error={errors.email}>
        {(control) => <input {...control} {...form.register('email')} {...emailInputProps} />}
      </Field>
      <NewPasswordField
        label={t('form.password')}
        registration={form.register('password')}
        error={errors.password}
      />
      {asked.has('phone') && (
        <PhoneField
          region={form.register('phoneRegion')}
          number={form.register('phone')}
          error={errors.phone}
        />
      )}
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
      <SubmitButton busy={isSubmitting} className="button button--block">
        {t('login.signUp')}
      </SubmitButton>
    </form>
  );
}
