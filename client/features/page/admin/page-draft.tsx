import '../../../ui/admin/live-draft.css';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Element } from '../../../../events/page/content';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageChanges } from './page-changes';
import { type AdminPage, type PageDraftState, useDiscardPageDraft, usePublishPageChanges } from './pages';

type Draft = NonNullable<PageDraftState['draft']>;

/** The learner's page drawn read-only from given elements: the admin shell hands it in (embeds). */
export type PagePreviewView = (page: { name: string; content: Element[] }) => ReactNode;

/**
 * A live page's draft: what state it is in (learners still see the published version), a preview as
 * a learner meets it, its changes against the live page, and publishing or discarding it, each
 * after a confirmation.
 */
export function PageDraftPanel({
  page,
  draft,
  preview,
  onDone,
}: {
  page: AdminPage;
  draft: Draft;
  preview: PagePreviewView;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewId = useId();
  const [view, setView] = useState<'preview' | 'changes' | null>(null);
  const [asking, setAsking] = useState<'publish' | 'discard' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const publish = usePublishPageChanges();
  const discard = useDiscardPageDraft();
  const busy = publish.isPending || discard.isPending;

  const toggle = (next: 'preview' | 'changes') => setView((current) => (current === next ? null : next));
  const confirm = async () => {
    setError(null);
    try {
      if (asking === 'publish') {
        await publish.mutateAsync({ path: page.path });
        onDone(t('pageAdmin.draft.published'));
      } else {
        await discard.mutateAsync({ path: page.path });
        onDone(t('pageAdmin.draft.discarded'));
      }
      setAsking(null);
    } catch (failure) {
      setError(problemOf(failure).message ?? t('form.unreachable'));
    }
  };

  return (
    <section className="live-draft" aria-labelledby={titleId}>
      <h2 id={titleId} className="live-draft__title">
        {t('pageAdmin.draft.title')}
      </h2>
      <p className="live-draft__meta">
        {t('pageAdmin.draft.savedAt', { date: formatDateTime(draft.savedAt) })}
      </p>
      <div className="live-draft__actions">
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={view === 'preview'}
          aria-controls={viewId}
          onClick={() => toggle('preview')}
        >
          {t('pageAdmin.draft.preview')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={view === 'changes'}
          aria-controls={viewId}
          onClick={() => toggle('changes')}
        >
          {t('pageAdmin.draft.showChanges')}
        </button>
        <button type="button" className="button button--small" onClick={() => setAsking('publish')}>
          {t('pageAdmin.draft.publish')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setAsking('discard')}
        >
          {t('pageAdmin.draft.discard')}
        </button>
      </div>
      <div id={viewId}>
        {view === 'preview' && (
          <section className="live-draft__view" aria-label={t('pageAdmin.draft.previewTitle')}>
            <p className="muted">{t('pageAdmin.draft.previewTitle')}</p>
            {preview({ name: draft.name, content: draft.content })}
          </section>
        )}
        {view === 'changes' && (
          <section className="live-draft__view" aria-label={t('pageAdmin.draft.changesTitle')}>
            <p className="muted">{t('pageAdmin.draft.changesTitle')}</p>
            <PageChanges live={page} draft={draft} />
          </section>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'discard' ? t('pageAdmin.draft.discardTitle') : t('pageAdmin.draft.publishTitle')}
        message={
          <p>{asking === 'discard' ? t('pageAdmin.draft.discardText') : t('pageAdmin.draft.publishText')}</p>
        }
        confirmLabel={asking === 'discard' ? t('pageAdmin.draft.discard') : t('pageAdmin.draft.publish')}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(null);
          setError(null);
        }}
      />
    </section>
  );
}
