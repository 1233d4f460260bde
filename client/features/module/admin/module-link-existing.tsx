import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { useAdminModules, useLinkModule } from '../../../ui/admin/api/modules';
import { Alert } from '../../../ui/alert';
import { SubmitButton } from '../../../ui/form';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { parentFromSearch } from './module-new';

/**
 * /admin/modules/link-existing?course=…|section=…: pick existing modules and link them to that
 * course or section (link.addItemToParent, one per module).
 */
export function LinkExistingModulesRoute({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('moduleAdmin.linkTitle'));
  const parent = parentFromSearch(useSearch());
  const modules = useAdminModules();
  const link = useLinkModule();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  if (!parent) {
    return (
      <div className="page-narrow">
        <h1>{t('moduleAdmin.linkTitle')}</h1>
        <p className="page-lead">{t('moduleAdmin.linkNoParent')}</p>
        <p>
          <Link href="/modules">{t('moduleAdmin.backToList')}</Link>
        </p>
      </div>
    );
  }

  const submit = async () => {
    setNotice(null);
    if (picked.size === 0) {
      setNotice({ tone: 'danger', text: t('moduleAdmin.linkPickOne') });
      return;
    }
    setBusy(true);
    let done = 0;
    try {
      for (const itemPath of picked) {
        await link.mutateAsync({ itemPath, ...parent });
        done += 1;
      }
      setNotice({ tone: 'success', text: t('moduleAdmin.linked', { count: done }) });
      setPicked(new Set());
    } catch (error) {
      const message = problemOf(error).message ?? t('form.unreachable');
      setNotice({
        tone: 'danger',
        text: done > 0 ? `${t('moduleAdmin.linkedPartly', { count: done })} ${message}` : message,
      });
    } finally {
      setBusy(false);
    }
  };

  const list = () => {
    if (modules.isPending) return <Loading />;
    if (modules.isError)
      return (
        <ErrorPanel
          message={t('modules.loadError')}
          onRetry={() => void modules.refetch()}
          error={modules.error}
        />
      );
    if (modules.data.length === 0) return <Empty>{t('moduleAdmin.empty')}</Empty>;
    return (
      <ul className="pick-list">
        {modules.data.map((module) => {
          const id = `pick-module-${module.path}`;
          return (
            <li key={module.moduleId}>
              <input
                id={id}
                type="checkbox"
                checked={picked.has(module.path)}
                onChange={(event) =>
                  setPicked((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(module.path);
                    else next.delete(module.path);
                    return next;
                  })
                }
              />
              <label htmlFor={id}>
                <span className="pick-list__name">{module.name}</span>
                <span className="pick-list__email">
                  {t(`languages.${module.language}`)} ·{' '}
                  {module.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  };

  const parentHref = `/${parent.parentType === 'course' ? 'courses' : 'sections'}/${parent.parentPath}/modules`;

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href={parentHref}>← {t('moduleAdmin.backToParent')}</Link>
      </p>
      <h1>{t('moduleAdmin.linkTitle')}</h1>
      <p className="page-lead">
        {t(parent.parentType === 'course' ? 'moduleAdmin.linkLeadCourse' : 'moduleAdmin.linkLeadSection', {
          path: parent.parentPath,
        })}
      </p>
      {canCreate && (
        <p>
          <Link href={`/modules/new?${parent.parentType}=${encodeURIComponent(parent.parentPath)}`}>
            {t('moduleAdmin.newHere')}
          </Link>
        </p>
      )}
      <form
        className="form form--wide"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="form-section">
          <legend className="form-section__title">{t('moduleAdmin.title')}</legend>
          {list()}
        </fieldset>
        {notice && (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
          </Alert>
        )}
        <div className="form__actions">
          <SubmitButton busy={busy}>{t('moduleAdmin.link')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
