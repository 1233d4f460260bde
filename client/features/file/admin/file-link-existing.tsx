import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { useFiles } from '../../../ui/admin/api/get-files';
import { useSetLinked } from '../../../ui/admin/api/link-mutations';
import { useNotice } from '../../../ui/admin/content-form-helpers';
import { parentFromSearch, parentViewHref } from '../../../ui/admin/parent-ref';
import { CheckboxField, SubmitButton } from '../../../ui/form';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** /admin/files/link-existing?course=…|section=…: pick existing files and link them there. */
export function LinkExistingFilesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('fileAdmin.linkTitle'));
  const parent = parentFromSearch(useSearch());
  const all = useFiles();
  const linked = useFiles(
    parent
      ? parent.parentType === 'course'
        ? { course: parent.parentPath }
        : { section: parent.parentPath }
      : {},
  );
  const link = useSetLinked();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const { setNotice, view: notice } = useNotice();
  const [, navigate] = useLocation();

  if (!parent) {
    return (
      <>
        <h1>{t('fileAdmin.linkTitle')}</h1>
        <Empty>{t('fileAdmin.linkNeedsParent')}</Empty>
      </>
    );
  }
  const back = parentViewHref(parent, 'files');
  const loading = all.isPending || linked.isPending;
  const linkedPaths = new Set((linked.data ?? []).map((file) => file.path));
  const candidates = (all.data ?? []).filter((file) => !linkedPaths.has(file.path));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (picked.size === 0) {
      setNotice({ tone: 'danger', text: t('fileAdmin.pickSome') });
      return;
    }
    setBusy(true);
    try {
      for (const path of picked) {
        await link.mutateAsync({ ...parent, itemType: 'file', itemPath: path, linked: true });
      }
      navigate(back);
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setBusy(false);
    }
  };

  const list = () => {
    if (loading) return <Loading />;
    if (all.isError || linked.isError)
      return (
        <ErrorPanel
          message={t('fileAdmin.loadError')}
          onRetry={() => {
            void all.refetch();
            void linked.refetch();
          }}
          error={all.error ?? linked.error}
        />
      );
    if (candidates.length === 0) return <Empty>{t('fileAdmin.empty')}</Empty>;
    return (
      <form className="form form--wide" onSubmit={submit} aria-busy={busy}>
        <fieldset className="form-section">
          <legend className="form-section__title">{t('fileAdmin.pick')}</legend>
          <div className="checkbox-grid">
            {candidates.map((file) => (
              <CheckboxField key={file.path} label={file.name} description={file.url}>
                {(control) => (
                  <input
                    {...control}
                    type="checkbox"
                    checked={picked.has(file.path)}
                    onChange={(event) => {
                      const next = new Set(picked);
                      if (event.target.checked) next.add(file.path);
                      else next.delete(file.path);
                      setPicked(next);
                    }}
                  />
                )}
              </CheckboxField>
            ))}
          </div>
        </fieldset>
        {notice}
        <div className="form__actions">
          <SubmitButton busy={busy}>{t('fileAdmin.linkPicked', { count: picked.size })}</SubmitButton>
          <Link href={back} className="button button--ghost">
            {t('dialog.cancel')}
          </Link>
        </div>
      </form>
    );
  };

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href={back}>← {t('fileAdmin.back')}</Link>
      </p>
      <h1>{t('fileAdmin.linkTitle')}</h1>
      <p className="page-lead">
        {t(parent.parentType === 'course' ? 'fileAdmin.forCourse' : 'fileAdmin.forSection', {
          path: parent.parentPath,
        })}
      </p>
      <section aria-busy={loading} aria-label={t('fileAdmin.pick')}>
        {list()}
      </section>
    </div>
  );
}
