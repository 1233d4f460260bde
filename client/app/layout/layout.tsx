import './layout.css';
import { type ReactNode, type RefObject, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '../../ui/error-boundary';
import { ErrorPanel, Loading } from '../../ui/status';
import { AnalyticsBanner, AnalyticsReporter } from './analytics-banner';
import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import { useTenantTheme } from './tenant-theme';

/** The shared layout around every screen: skip link, header, breadcrumbs, main, footer, analytics banner. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useTenantTheme();
  useFocusOnNavigation(location, mainRef);

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <OfflineBanner />
      <Breadcrumbs />
      <main id="main" ref={mainRef} className="container site-main" tabIndex={-1}>
        <ErrorBoundary resetKey={location} fallback={<ErrorPanel message={t('errors.generic')} />}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <AnalyticsBanner />
      <AnalyticsReporter />
    </div>
  );
}

/**
 * After following a link inside the app, start at the top and put keyboard and screen-reader
 * focus on the new content, as a full page load would. The first render leaves focus alone.
 */
function useFocusOnNavigation(location: string, main: RefObject<HTMLElement | null>) {
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location, main]);
}
