import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../../events/escalation';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { type ModuleDetail, useModuleOwner, useTeachers } from '../../../ui/admin/api/modules';
import { Alert } from '../../../ui/alert';
import { ListQuery, listLoading } from '../../../ui/list-query';

/**
 * /admin/modules/{modulePath}/link-teachers (assign_owners): the people holding the teacher role;
 * linking one makes them an owner, who may then edit the module and its pages and teach all its
 * participants. Nobody but an administrator names themself, so the list leaves the reader out.
 */
export function ModuleTeachersView({ module, viewer }: { module: ModuleDetail; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const teachers = useTeachers();
  const owner = useModuleOwner();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const loading = listLoading(teachers);

  const toggle = async (userId: string, name: string, linked: boolean) => {
    setNotice(null);
    setBusyId(userId);
    try {
      await owner.mutateAsync({ path: module.path, userId, owner: !linked });
      setNotice({
        tone: 'success',
        text: linked
          ? t('moduleAdmin.teachers.removed', { name })
          : t('moduleAdmin.teachers.added', { name }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setBusyId(null);
    }
  };

  const list = () => (
    <ListQuery
      query={teachers}
      loadError={t('moduleAdmin.teachers.loadError')}
      empty={t('moduleAdmin.teachers.empty')}
    >
      {(items) => (
        <ul className="link-list">
          {items
            .filter((teacher) => teacher.userId !== viewer._id || isAdmin(viewer))
            .map((teacher) => {
              const linked = module.owners.includes(teacher.userId);
              return (
                <li key={teacher.userId}>
                  <span>
                    <span className="pick-list__name">{teacher.name || '–'}</span>{' '}
                    <span className="pick-list__email">{teacher.email}</span>
                    {linked && <span className="badge">{t('moduleAdmin.teachers.owner')}</span>}
                  </span>
                  <button
                    type="button"
                    className={linked ? 'button button--danger-ghost button--small' : 'button button--small'}
                    disabled={busyId !== null}
                    onClick={() => void toggle(teacher.userId, teacher.name, linked)}
                  >
                    {linked ? t('moduleAdmin.teachers.remove') : t('moduleAdmin.teachers.add')}
                  </button>
                </li>
              );
            })}
        </ul>
      )}
    </ListQuery>
  );

  return (
    <section aria-labelledby="module-teachers-title" aria-busy={loading}>
      <h2 id="module-teachers-title">{t('moduleAdmin.teachers.title')}</h2>
      <p className="muted">{t('moduleAdmin.teachers.lead')}</p>
      {list()}
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
    </section>
  );
}
