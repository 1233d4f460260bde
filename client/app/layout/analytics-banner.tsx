import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnalyticsConsent,
  readAnalyticsConsent,
  storeAnalyticsConsent,
} from '../../lib/analytics-consent';
import { useTenant } from '../../lib/tenant';

/**
 * Asks once whether the visit may be measured. Shown only when the tenant configures an analytics
 * container: without one nothing would be measured, so asking would be noise. Loading the
 * container's tag after "accept" belongs to the analytics (tracking) issue; nothing is sent yet.
 */
export function AnalyticsBanner() {
  const { t } = useTranslation();
  const container = useTenant().data?.analyticsContainer;
  const [consent, setConsent] = useState<AnalyticsConsent | null>(readAnalyticsConsent);

  if (!container || consent) return null;

  const answer = (choice: AnalyticsConsent) => {
    storeAnalyticsConsent(choice);
    setConsent(choice);
  };

  return (
    <section className="analytics-banner" aria-label={t('analytics.label')}>
      <div className="container analytics-banner__inner">
        <p>{t('analytics.text')}</p>
        <div className="analytics-banner__actions">
          <button type="button" className="button" onClick={() => answer('accepted')}>
            {t('analytics.accept')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => answer('declined')}>
            {t('analytics.decline')}
          </button>
        </div>
      </div>
    </section>
  );
}
