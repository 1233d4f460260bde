import { useTranslation } from 'react-i18next';

/** Minutes rounded from seconds, at least one. */
const roundedMinutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/** A page's estimated time: '5 min'. */
export function PageTime({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return <>{t('modules.minutes', { count: roundedMinutes(seconds) })}</>;
}

/** A module's total: hours and minutes ('1 u 20 min'), or minutes alone under an hour. */
export function ModuleTime({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const total = roundedMinutes(seconds);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return <>{t('modules.minutes', { count: minutes })}</>;
  return <>{t('modules.hoursMinutes', { hours, minutes })}</>;
}
