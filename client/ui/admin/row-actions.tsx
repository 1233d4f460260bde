import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../lib/forms';
import { ConfirmDialog } from '../confirm-dialog';

interface Listed {
  name: string;
  path: string;
  published: boolean;
}

/**
 * The actions on one item of an admin list (edit, publish or unpublish, duplicate, delete), each
 * shown when its handler is given, each named with the item for screen readers.
 */
export function RowActions({
  item,
  className,
  texts,
  editHref,
  onPublish,
  onDuplicate,
  onDelete,
  pending = {},
}: {
  item: Listed;
  className: string;
  texts: { edit: string; duplicate: string; delete: string };
  editHref?: string;
  onPublish?: () => void;
  onDuplicate?: () => void;
  onDelete?: () => void;
  pending?: { publish?: boolean; duplicate?: boolean };
}) {
  const { t } = useTranslation();
  const publishLabel = item.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish');
  return (
    <div className={className}>
      {editHref && (
        <Link
          href={editHref}
          className="button button--small button--ghost"
          aria-label={`${texts.edit}: ${item.name}`}
        >
          {texts.edit}
        </Link>
      )}
      {onPublish && (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={pending.publish}
          onClick={onPublish}
          aria-label={`${publishLabel}: ${item.name}`}
        >
          {publishLabel}
        </button>
      )}
      {onDuplicate && (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={pending.duplicate}
          onClick={onDuplicate}
          aria-label={`${texts.duplicate}: ${item.name}`}
        >
          {texts.duplicate}
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          className="button button--small button--danger-ghost"
          onClick={onDelete}
          aria-label={`${texts.delete}: ${item.name}`}
        >
          {texts.delete}
        </button>
      )}
    </div>
  );
}

/**
 * Asks before deleting a listed item; the refusal stays in the dialog, and `onDeleted` runs once
 * the server has deleted it.
 */
export function DeleteDialog<I extends { name: string; path: string }>({
  item,
  removal,
  texts,
  onClose,
  onDeleted,
}: {
  item: I | null;
  removal: UseMutationResult<unknown, unknown, string>;
  texts: { title: string; confirm: string; button: string };
  onClose: () => void;
  onDeleted: (item: I) => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={item !== null}
      title={texts.title}
      message={<p>{texts.confirm}</p>}
      confirmLabel={texts.button}
      busy={removal.isPending}
      error={removal.isError ? (problemOf(removal.error).message ?? t('form.unreachable')) : null}
      onCancel={onClose}
      onConfirm={async () => {
        if (!item) return;
        try {
          await removal.mutateAsync(item.path);
        } catch {
          return;
        }
        onDeleted(item);
        onClose();
      }}
    />
  );
}
