import '../certificate.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { useAdminModules } from '../../../ui/admin/api/modules';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CertificateConfigRoute } from './certificate-config';

type Kind = 'course' | 'module';

/** `course:<path>` or `module:<path>`, the value of one option of the chooser. */
const optionValue = (kind: Kind, path: string) => `${kind}:${path}`;

/**
 * /admin/certificate-config: choose a course or a module, then edit its certificate
 * config with its preview, as on the item's own certificate tab. The choice lives in the address
 * (`?course=` or `?module=`), so it survives a reload and can be shared.
 */
export function CertificateConfigChooserRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('certificates.config.chooserTitle'));
  const selectId = useId();
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const courses = useAdminCourses();
  const modules = useAdminModules();
  const chosen: { kind: Kind; path: string } | null = search.get('course')
    ? { kind: 'course', path: search.get('course')! }
    : search.get('module')
      ? { kind: 'module', path: search.get('module')! }
      : null;

  const choose = (value: string) => {
    const [kind, ...rest] = value.split(':');
    const path = rest.join(':');
    navigate(path ? `${location}?${kind}=${encodeURIComponent(path)}` : location, { replace: true });
  };

  return (
    <article className="certificate-config-chooser">
      <h1>{t('certificates.config.chooserTitle')}</h1>
      <p className="page-lead">{t('certificates.config.chooserLead')}</p>
      {courses.isPending || modules.isPending ? (
        <Loading />
      ) : courses.isError || modules.isError ? (
        <ErrorPanel
          message={t('certificates.config.chooserLoadError')}
          onRetry={() => {
            void courses.refetch();
            void modules.refetch();
          }}
          error={courses.error ?? modules.error}
        />
      ) : (
        <div className="form">
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              {t('certificates.config.chooserLabel')}
            </label>
            <select
              id={selectId}
              value={chosen ? optionValue(chosen.kind, chosen.path) : ''}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="">{t('certificates.config.chooserNone')}</option>
              <optgroup label={t('certificates.config.chooserCourses')}>
                {courses.data.map((course) => (
                  <option key={course.path} value={optionValue('course', course.path)}>
                    {course.name} ({course.path})
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('certificates.config.chooserModules')}>
                {modules.data.map((module) => (
                  <option key={module.path} value={optionValue('module', module.path)}>
                    {module.name} ({module.path})
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
        </div>
      )}
      {chosen && <CertificateConfigRoute key={optionValue(chosen.kind, chosen.path)} {...chosen} />}
    </article>
  );
}
