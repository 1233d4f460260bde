import './home.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDate } from '../../../events/shared/dates';
import { CourseList } from '../../features/course/components/course-list';
import { useHomeModules } from '../../features/module/api/get-home-modules';
import { useLatestActivity } from '../../features/module/api/get-latest-activity';
import { ModuleCard } from '../../features/module/components/module-card';
import { SignInForModules, useSignedOut } from '../../features/module/components/sign-in-for-modules';
import { useCurrentUser } from '../../lib/auth';
import { pick, useTenant } from '../../lib/tenant';
import { useLanguage } from '../../lib/use-language';
import { Empty, ErrorPanel, Loading } from '../../ui/status';
import { useDocumentTitle } from '../../ui/use-document-title';

/**
 * /: the tenant's introduction, the courses and modules flagged for the home page, and for
 * signed-in users the welcome text with the intro image and the module they were last busy with.
 */
export function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const tenant = useTenant().data;
  const user = useCurrentUser();
  useDocumentTitle(undefined);

  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="hero__text">
          <h1 id="page-title">{tenant?.name ?? t('app.name')}</h1>
          <p className="hero__lead">{tenant ? pick(tenant.texts.intro, language) : t('home.intro')}</p>
          {user && tenant && <p className="hero__welcome">{pick(tenant.texts.welcome, language)}</p>}
        </div>
        {user && tenant?.images.intro && (
          <img className="hero__image" src={tenant.images.intro} alt="" width="320" height="240" />
        )}
      </section>
      {user && <LatestActivity />}
      <h2 id="featured-courses">{t('home.featuredCourses')}</h2>
      <CourseList filter={{ onHome: true }} labelledBy="featured-courses" />
      <HomeModules />
    </>
  );
}

/** The module the signed-in user answered in most recently, to pick up where they left off. */
function LatestActivity() {
  const { t } = useTranslation();
  const latest = useLatestActivity();
  const loading = latest.isPending || (latest.isError && latest.isFetching);

  const content = () => {
    if (loading) return <Loading />;
    if (latest.isError)
      return (
        <ErrorPanel
          message={t('modules.loadOneError')}
          onRetry={() => void latest.refetch()}
          error={latest.error}
        />
      );
    if (!latest.data)
      return (
        <div className="home-latest__empty">
          <Empty>{t('homeView.noActivity')}</Empty>
          <p>
            <Link href="/course">{t('homeView.browseCourses')}</Link>
          </p>
        </div>
      );
    return (
      <div className="home-latest__card">
        <ModuleCard
          module={latest.data.module}
          size="large"
          footer={
            <p className="module-card__footer">
              {t('homeView.lastActive', { date: formatDate(latest.data.updatedAt) })}
            </p>
          }
        />
      </div>
    );
  };

  return (
    <section className="home-latest" aria-labelledby="latest-activity" aria-busy={loading}>
      <h2 id="latest-activity">{t('homeView.latestActivity')}</h2>
      {content()}
    </section>
  );
}

/** The modules flagged for the home page, as small cards. */
function HomeModules() {
  const { t } = useTranslation();
  const modules = useHomeModules();
  const signedOut = useSignedOut();
  const loading = modules.isPending || (modules.isError && modules.isFetching);

  const content = () => {
    // Modules are for registered users: a visitor is offered to sign in and come back.
    if (signedOut) return <SignInForModules />;
    if (loading) return <Loading />;
    if (modules.isError)
      return (
        <ErrorPanel
          message={t('modules.loadError')}
          onRetry={() => void modules.refetch()}
          error={modules.error}
        />
      );
    if (modules.data.length === 0) return <Empty>{t('modules.empty')}</Empty>;
    return (
      <ul className="card-grid">
        {modules.data.map((module) => (
          <li key={module.path}>
            <ModuleCard module={module} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className="home-modules" aria-labelledby="featured-modules" aria-busy={loading}>
      <h2 id="featured-modules">{t('homeView.featuredModules')}</h2>
      {content()}
    </section>
  );
}
