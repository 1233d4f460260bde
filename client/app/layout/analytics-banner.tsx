import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { reportPageView, withdrawConsent } from '../../lib/analytics';
import { type AnalyticsConsent, analyticsConsent, useAnalyticsConsent } from '../../lib/analytics-consent';
import { reportedPath } from '../../lib/analytics-path';
import { useTenant } from '../../lib/tenant';

/**
 * Asks whether the visit may be measured. Shown only when the tenant configures analytics: without
 * it nothing would be measured, so asking would be noise. Asked once; 'Cookie settings' in the
 * footer shows it again with the current choice.
 */
export function AnalyticsBanner() {
  const { t } = useTranslation();
  const configured = Boolean(useTenant().data?.analytics);
  const { consent, asking } = useAnalyticsConsent();
  const first = useRef<HTMLButtonElement>(null);
  // Opened from 'Cookie settings': the keyboard goes where the choice is.
  useEffect(() => {
    if (asking) first.current?.focus();
  }, [asking]);

  if (!configured || (consent && !asking)) return null;

  const answer = (choice: AnalyticsConsent) => analyticsConsent.choose(choice);

  return (
    <section className="analytics-banner" aria-label={t('analytics.label')}>
      <div className="container analytics-banner__inner">
        <p>
          {t('analytics.text')}
          {consent && (
            <>
              {' '}
              <strong>
                {t(consent === 'accepted' ? 'analytics.currentAccepted' : 'analytics.currentDeclined')}
              </strong>
            </>
          )}
        </p>
        <div className="analytics-banner__actions">
          <button ref={first} type="button" className="button" onClick={() => answer('accepted')}>
            {t('analytics.accept')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => answer('declined')}>
            {t('analytics.decline')}
          </button>
          {consent && (
            <button type="button" className="button button--ghost" onClick={() => analyticsConsent.close()}>
              {t('analytics.close')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Reports a page view on every route change, and only while the visitor's consent is 'accepted':
 * before an answer, after 'refuse' and after a withdrawal nothing is loaded or sent.
 */
export function AnalyticsReporter() {
  const analytics = useTenant().data?.analytics;
  const { consent } = useAnalyticsConsent();
  const [location] = useLocation();

  useEffect(() => {
    if (analytics && consent === 'accepted') reportPageView(analytics, reportedPath(location));
  }, [analytics, consent, location]);
  useEffect(() => {
    if (consent === 'declined') withdrawConsent();
  }, [consent]);
  return null;
}

/** 'Cookie settings' in the footer: shows the banner again, when there is anything to consent to. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  const configured = Boolean(useTenant().data?.analytics);
  if (!configured) return null;
  return (
    <button
      type="button"
      className="link-button site-footer__cookies"
      onClick={() => analyticsConsent.reopen()}
    >
      {t('analytics.settings')}
    </button>
  );
}
