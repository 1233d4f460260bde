import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { uploadIdOf } from '../../../../events/file/uploads';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { errorCode } from '../../../lib/trpc';
import { Alert } from '../../../ui/alert';
import { DangerZone } from '../../../ui/danger-zone';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { contentRights } from '../shared/content-rights';
import { History } from '../shared/history';
import { FileForm } from './file-form';
import { useDeleteFile, useDuplicateFile, useUpdateFile } from './file-mutations';
import { useFile, useFileHistory } from './get-files';

/** /admin/files/{filePath}: the file's name, url and type, its history, and delete after confirming. */
export function FileRoute({ path, user }: { path: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const file = useFile(path);
  const history = useFileHistory(path, hasRule(user, 'view'));
  const update = useUpdateFile();
  const remove = useDeleteFile();
  const duplicate = useDuplicateFile();
  const [failure, setFailure] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const code = file.isError ? errorCode(file.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(file.data?.name ?? (missing ? t('file.notFound') : t('fileAdmin.title')));

  if (file.isPending || (file.isError && file.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (file.isError) {
    return missing ? (
      <div className="status status--not-found">
        <h1>{t('file.notFound')}</h1>
        <p>
          <Link href="/files">{t('fileAdmin.back')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel
        message={t('fileAdmin.loadOneError')}
        onRetry={() => void file.refetch()}
        error={file.error}
      />
    );
  }

  const rights = contentRights(user, false);
  return (
    <article>
      <p className="back-link">
        <Link href="/files">← {t('fileAdmin.back')}</Link>
      </p>
      <h1>{file.data.name}</h1>
      <p>
        <a href={file.data.url} target="_blank" rel="noreferrer">
          {t('fileAdmin.open')}
        </a>
      </p>
      {rights.create && (
        <div className="action-bar">
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={duplicate.isPending}
            onClick={() => {
              setFailure(null);
              duplicate.mutateAsync(file.data.path).then(
                (copy) => navigate(`/files/${copy.path}`),
                (error: unknown) => setFailure(problemOf(error).message ?? t('form.unreachable')),
              );
            }}
          >
            {t('sectionAdmin.duplicate')}
          </button>
        </div>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="admin-columns">
        <div className="admin-columns__main">
          <FileForm
            key={file.data.path}
            defaultValues={{ name: file.data.name, url: file.data.url, type: file.data.type }}
            submitLabel={t('fileAdmin.save')}
            savedText={t('fileAdmin.saved')}
            readOnly={!rights.edit}
            onSubmit={(input) => update.mutateAsync({ path: file.data.path, file: input })}
          />
        </div>
        {hasRule(user, 'view') && (
          <aside className="admin-columns__side" aria-labelledby="file-history-title">
            <h2 id="file-history-title">{t('history.title')}</h2>
            <History
              entries={history.data}
              isPending={history.isPending}
              isError={history.isError}
              onRetry={() => void history.refetch()}
              viewer={user}
            />
          </aside>
        )}
      </div>
      {rights.delete && (
        <DangerZone
          id="delete-file-title"
          title={t('fileAdmin.deleteTitle')}
          text={t('fileAdmin.deleteText')}
          buttonLabel={t('fileAdmin.delete')}
          confirmMessage={t(
            uploadIdOf(file.data.url, window.location.origin)
              ? 'fileAdmin.deleteConfirmUpload'
              : 'fileAdmin.deleteConfirm',
            { name: file.data.name },
          )}
          confirmLabel={t('fileAdmin.delete')}
          removal={remove}
          run={() => remove.mutateAsync(file.data.path)}
          onDone={() => navigate('/files', { replace: true })}
        />
      )}
    </article>
  );
}
