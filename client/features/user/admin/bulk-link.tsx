import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { distinctLabels } from '../../../lib/labels';
import { useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { useAdminModules } from '../../../ui/admin/api/modules';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useLinkMany } from './link-many';

type Target = { itemType: 'course' | 'module'; itemPath: string; name: string };
type Done = { linked: boolean; userIds: string[]; target: Target };

/**
 * The users list's action bar for the selected people: link them to, or unlink them from, one
 * course or module. Unlinking asks first, and its notice offers to link them again.
 */
export function BulkLink({ userIds }: { userIds: string[] }) {
  const { t } = useTranslation();
  const targetId = useId();
  const courses = useAdminCourses();
  const modules = useAdminModules();
  const linkMany = useLinkMany();
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [undone, setUndone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const courseLabels = distinctLabels(courses.data ?? []);
  const moduleLabels = distinctLabels(modules.data ?? []);
  const target = ((): Target | null => {
    const [itemType, ...rest] = value.split(':');
    const itemPath = rest.join(':');
    if (itemType === 'course') return { itemType, itemPath, name: courseLabels.get(itemPath) ?? itemPath };
    if (itemType === 'module') return { itemType, itemPath, name: moduleLabels.get(itemPath) ?? itemPath };
    return null;
  })();

  const run = async (linked: boolean, ids: string[], on: Target) => {
    setFailure(null);
    setUndone(false);
    try {
      await linkMany.mutateAsync({ userIds: ids, itemType: on.itemType, itemPath: on.itemPath, linked });
      setDone({ linked, userIds: ids, target: on });
    } catch (error) {
      setFailure(problemOf(error).message ?? t('form.unreachable'));
    } finally {
      setConfirming(false);
    }
  };

  const noticeText = (result: Done, undone = false) => {
    const params = { count: result.userIds.length, name: result.target.name };
    if (undone) return t('bulkLink.relinked', params);
    return result.linked ? t('bulkLink.linked', params) : t('bulkLink.unlinked', params);
  };

  return (
    <div className="bulk-bar">
      {
        <form
          className="form form--wide bulk-bar__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (target) void run(true, userIds, target);
            else setFailure(t('bulkLink.pickTarget'));
          }}
        >
          <p className="bulk-bar__count" role="status">
            {t('bulkLink.selected', { count: userIds.length })}
          </p>
          <div className="field">
            <label htmlFor={targetId} className="field__label">
              {t('bulkLink.target')}
            </label>
            <select id={targetId} value={value} onChange={(event) => setValue(event.target.value)}>
              <option value="">{t('bulkLink.chooseTarget')}</option>
              <optgroup label={t('bulkLink.courses')}>
                {(courses.data ?? []).map((course) => (
                  <option key={course.path} value={`course:${course.path}`}>
                    {courseLabels.get(course.path)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('bulkLink.modules')}>
                {(modules.data ?? []).map((module) => (
                  <option key={module.path} value={`module:${module.path}`}>
                    {moduleLabels.get(module.path)}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--small" disabled={linkMany.isPending}>
              {t('bulkLink.link')}
            </button>
            <button
              type="button"
              className="button button--small button--danger-ghost"
              disabled={linkMany.isPending}
              onClick={() => (target ? setConfirming(true) : setFailure(t('bulkLink.pickTarget')))}
            >
              {t('bulkLink.unlink')}
            </button>
          </div>
        </form>
      }
      {failure && (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      )}
      {done && !failure && (
        <Alert tone="success">
          <p>
            {noticeText(done, undone)}{' '}
            {!done.linked && !undone && (
              <button
                type="button"
                className="link-button"
                disabled={linkMany.isPending}
                onClick={() => void run(true, done.userIds, done.target).then(() => setUndone(true))}
              >
                {t('bulkLink.undo')}
              </button>
            )}
          </p>
        </Alert>
      )}
      {target && (
        <ConfirmDialog
          open={confirming}
          title={t('bulkLink.unlinkTitle')}
          message={t('bulkLink.unlinkText', { count: userIds.length, name: target.name })}
          confirmLabel={t('bulkLink.unlink')}
          busy={linkMany.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void run(false, userIds, target)}
        />
      )}
    </div>
  );
}
