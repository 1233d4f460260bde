import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { uploadIdOf } from '../../../../events/file/uploads';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { type AdminFile, useFile, useFileHistory } from '../../../ui/admin/api/get-files';
import { ContentEditBody, ItemHistory } from '../../../ui/admin/content-edit-body';
import { contentRights } from '../../../ui/admin/content-rights';
import { EditScreen } from '../../../ui/admin/edit-screen';
import { FileAsOf } from './file-as-of';
import { FileForm } from './file-form';
import { useDeleteFile, useDuplicateFile, useUpdateFile } from './file-mutations';

/** /admin/files/{filePath}: the file's name, url and type, its history, and delete after confirming. */
export function FileRoute({ path, user }: { path: string; user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <EditScreen
      query={useFile(path)}
      name={(file) => file.name}
      texts={{
        title: t('fileAdmin.title'),
        notFound: t('file.notFound'),
        loadError: t('fileAdmin.loadOneError'),
        listHref: '/files',
        listLabel: t('fileAdmin.back'),
      }}
    >
      {(file) => <FileInfoView file={file} user={user} />}
    </EditScreen>
  );
}

function FileInfoView({ file, user }: { file: AdminFile; user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateFile();
  const remove = useDeleteFile();
  const duplicate = useDuplicateFile();
  // A file has no owners: its history is read with the view or edit right.
  const mayReadHistory = hasRule(user, 'view') || hasRule(user, 'edit');
  const history = useFileHistory(file.path, mayReadHistory);
  const [, navigate] = useLocation();
  const rights = contentRights(user, false);
  return (
    <ContentEditBody
      item={file}
      lead={[
        <a
          key="open"
          href={file.url}
          target="_blank"
          rel="noreferrer"
          className="button button--small button--ghost"
        >
          {t('fileAdmin.open')}
        </a>,
      ]}
      duplicate={
        rights.create && {
          mutation: duplicate,
          label: t('sectionAdmin.duplicate'),
          open: (copy) => navigate(`/files/${copy}`),
        }
      }
      main={
        <FileForm
          key={file.path}
          defaultValues={{ name: file.name, url: file.url, type: file.type }}
          submitLabel={t('fileAdmin.save')}
          savedText={t('fileAdmin.saved')}
          readOnly={!rights.edit}
          onSubmit={(input) => update.mutateAsync({ path: file.path, file: input })}
        />
      }
      historyId="file-history-title"
      history={
        mayReadHistory && <ItemHistory query={history} viewer={user} path={file.path} asOf={FileAsOf} />
      }
      remove={
        rights.delete && {
          mutation: remove,
          texts: {
            id: 'delete-file-title',
            title: t('fileAdmin.deleteTitle'),
            text: t('fileAdmin.deleteText'),
            button: t('fileAdmin.delete'),
            confirm: t(
              uploadIdOf(file.url, window.location.origin)
                ? 'fileAdmin.deleteConfirmUpload'
                : 'fileAdmin.deleteConfirm',
              { name: file.name },
            ),
          },
          onDone: () => navigate('/files', { replace: true }),
        }
      }
    />
  );
}
