import { useTranslation } from 'react-i18next';
import { CourseList } from '../../features/course/components/course-list';
import { useCurrentUser } from '../../lib/auth';
import { pick, useTenant } from '../../lib/tenant';
import { useLanguage } from '../../lib/use-language';
import { useDocumentTitle } from '../../ui/use-document-title';

/**
 * /: the tenant's introduction and the courses flagged for the home page. Signed-in users also get
 * the welcome text with the intro image (and, later, their latest module).
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
          {user && tenant && <p>{pick(tenant.texts.welcome, language)}</p>}
        </div>
        {user && tenant?.images.intro && (
          <img className="hero__image" src={tenant.images.intro} alt="" width="320" height="240" />
        )}
      </section>
      <h2 id="featured-courses">{t('home.featuredCourses')}</h2>
      <CourseList filter={{ onHome: true }} labelledBy="featured-courses" />
    </>
  );
}
