import './live-draft.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../events/shared/dates';
import { problemOf } from '../../lib/forms';
import { Alert } from '../alert';
import { ConfirmDialog } from '../confirm-dialog';
import { ErrorPanel, Loading } from '../status';

/** Whose `draft` texts a kind of live content reads; both sections name them alike. */
export type DraftTexts = 'pageAdmin' | 'moduleAdmin' | 'courseAdmin';

/** A way to look at the draft (its changes, a preview): one open at a time, under the actions. */
export interface DraftView {
  id: string;
  label: string;
  title: string;
  render: () => ReactNode;
}

/**
 * The draft of live content (docs/adr/0019-drafts-of-live-content.md): what state it is in (learners
 * still see the published version), its views, and publishing or discarding it, each after a
 * confirmation.
 */
export function LiveDraftPanel({
  texts,
  savedAt,
  views,
  publish,
  discard,
  busy,
  onDone,
}: {
  texts: DraftTexts;
  savedAt: string;
  views: DraftView[];
  publish: () => Promise<unknown>;
  discard: () => Promise<unknown>;
  busy: boolean;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const [asking, setAsking] = useState<'publish' | 'discard' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      if (asking === 'publish') {
        await publish();
        onDone(t(`${texts}.draft.published`));
      } else {
        await discard();
        onDone(t(`${texts}.draft.discarded`));
      }
      setAsking(null);
    } catch (failure) {
      setError(problemOf(failure).message ?? t('form.unreachable'));
    }
  };
  const shown = views.find((view) => view.id === open);

  return (
    <section className="live-draft" aria-labelledby={titleId}>
      <h2 id={titleId} className="live-draft__title">
        {t(`${texts}.draft.title`)}
      </h2>
      <p className="live-draft__meta">{t(`${texts}.draft.savedAt`, { date: formatDateTime(savedAt) })}</p>
      <div className="live-draft__actions">
        {views.map((view) => (
          <button
            key={view.id}
            type="button"
            className="button button--small button--ghost"
            aria-expanded={open === view.id}
            aria-controls={viewId}
            onClick={() => setOpen((current) => (current === view.id ? null : view.id))}
          >
            {view.label}
          </button>
        ))}
        <button type="button" className="button button--small" onClick={() => setAsking('publish')}>
          {t(`${texts}.draft.publish`)}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setAsking('discard')}
        >
          {t(`${texts}.draft.discard`)}
        </button>
      </div>
      <div id={viewId}>
        {shown && (
          <section className="live-draft__view" aria-label={shown.title}>
            <p className="muted">{shown.title}</p>
            {shown.render()}
          </section>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'discard' ? t(`${texts}.draft.discardTitle`) : t(`${texts}.draft.publishTitle`)}
        message={
          <p>{asking === 'discard' ? t(`${texts}.draft.discardText`) : t(`${texts}.draft.publishText`)}</p>
        }
        confirmLabel={asking === 'discard' ? t(`${texts}.draft.discard`) : t(`${texts}.draft.publish`)}
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

/**
 * The editor of live content for who may edit it: an item learners do not see and without a draft
 * is edited directly (`direct`); otherwise the form saves a draft beside the live version, with the
 * draft's panel above it. `form` draws the form from the draft (or the live item when there is
 * none) and saves through `save`, which keeps the notice of a first draft above the new form.
 */
export function LiveDraftEditor<D, V>({
  texts,
  state,
  direct,
  panel,
  form,
  saveDraft,
}: {
  texts: DraftTexts;
  state: UseQueryResult<{ live: boolean; draft: D | null }, unknown>;
  direct: () => ReactNode;
  panel: (draft: D, onDone: (notice: string) => void) => ReactNode;
  form: (draft: D | null, save: (values: V) => Promise<string | null>) => ReactNode;
  saveDraft: (values: V) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  if (state.isPending)
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  if (state.isError)
    return (
      <ErrorPanel
        message={t(`${texts}.draft.loadError`)}
        onRetry={() => void state.refetch()}
        error={state.error}
      />
    );
  const { live, draft } = state.data;
  if (!live && !draft) return direct();
  const save = async (values: V) => {
    setNotice(null);
    await saveDraft(values);
    // The first draft starts the form again (its key changes): the notice stays above it.
    if (!draft) {
      setNotice(t(`${texts}.draft.saved`));
      return null;
    }
    return t(`${texts}.draft.saved`);
  };
  return (
    <>
      {notice && (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      )}
      {draft ? (
        panel(draft, setNotice)
      ) : (
        <p className="muted live-draft__hint">{t(`${texts}.draft.liveHint`)}</p>
      )}
      {form(draft, save)}
    </>
  );
}
