import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleDetails } from '../../../../events/module/events';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from '../../../ui/admin/api/content-mutation';
import { type ModuleDetail, useUpdateModule } from '../../../ui/admin/api/modules';
import { useShowValue } from '../../../ui/admin/history';
import { TextDifference } from '../../../ui/admin/text-difference';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorPanel, Loading } from '../../../ui/status';
import { ModuleForm } from './module-form';
import { moduleFormValues } from './module-form-values';

type Draft = NonNullable<RouterOutputs['module']['draft']['draft']>;

/** The settings a draft may change, in the form's order (the original of a translation is not one). */
const fields = [
  'name',
  'language',
  'info',
  'image',
  'public',
  'onHome',
  'test',
  'showCorrect',
  'anonymousPages',
  'randomized',
  'gateProgress',
  'gateConfig',
] as const satisfies readonly (keyof ModuleDetails)[];
const texts = new Set<string>(['name', 'info']);

/** "Show changes": the draft's settings against those learners see, the words of the texts marked. */
function ModuleChanges({ live, draft }: { live: ModuleDetail; draft: ModuleDetails }) {
  const { t } = useTranslation();
  const show = useShowValue();
  const changed = fields.filter((field) => JSON.stringify(live[field]) !== JSON.stringify(draft[field]));
  if (changed.length === 0) return <p className="muted">{t('moduleAdmin.draft.noChanges')}</p>;
  return (
    <ul className="draft-changes">
      {changed.map((field) => (
        <li key={field} className="draft-changes__item draft-changes__item--changed">
          <p className="draft-changes__what">{t(`history.fields.${field}`)}</p>
          {texts.has(field) ? (
            <TextDifference before={String(live[field] ?? '')} after={String(draft[field] ?? '')} />
          ) : (
            <p className="draft-changes__text">
              {show(live[field], field)} → {show(draft[field], field)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A published module's settings draft: its state, its changes, and publishing or discarding it. */
function ModuleDraftPanel({
  module,
  draft,
  onDone,
}: {
  module: ModuleDetail;
  draft: Draft;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewId = useId();
  const [showing, setShowing] = useState(false);
  const [asking, setAsking] = useState<'publish' | 'discard' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const publish = useContentMutation('module', trpc.module.publishChanges.mutationOptions());
  const discard = useContentMutation('module', trpc.module.discardDraft.mutationOptions());
  const confirm = async () => {
    setError(null);
    try {
      if (asking === 'publish') {
        await publish.mutateAsync({ path: module.path });
        onDone(t('moduleAdmin.draft.published'));
      } else {
        await discard.mutateAsync({ path: module.path });
        onDone(t('moduleAdmin.draft.discarded'));
      }
      setAsking(null);
    } catch (failure) {
      setError(problemOf(failure).message ?? t('form.unreachable'));
    }
  };
  return (
    <section className="live-draft" aria-labelledby={titleId}>
      <h2 id={titleId} className="live-draft__title">
        {t('moduleAdmin.draft.title')}
      </h2>
      <p className="live-draft__meta">
        {t('moduleAdmin.draft.savedAt', { date: formatDateTime(draft.savedAt) })}
      </p>
      <div className="live-draft__actions">
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={showing}
          aria-controls={viewId}
          onClick={() => setShowing((now) => !now)}
        >
          {t('moduleAdmin.draft.showChanges')}
        </button>
        <button type="button" className="button button--small" onClick={() => setAsking('publish')}>
          {t('moduleAdmin.draft.publish')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setAsking('discard')}
        >
          {t('moduleAdmin.draft.discard')}
        </button>
      </div>
      <div id={viewId}>
        {showing && (
          <section className="live-draft__view" aria-label={t('moduleAdmin.draft.changesTitle')}>
            <p className="muted">{t('moduleAdmin.draft.changesTitle')}</p>
            <ModuleChanges live={module} draft={draft.details} />
          </section>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'discard' ? t('moduleAdmin.draft.discardTitle') : t('moduleAdmin.draft.publishTitle')
        }
        message={
          <p>
            {asking === 'discard' ? t('moduleAdmin.draft.discardText') : t('moduleAdmin.draft.publishText')}
          </p>
        }
        confirmLabel={asking === 'discard' ? t('moduleAdmin.draft.discard') : t('moduleAdmin.draft.publish')}
        busy={publish.isPending || discard.isPending}
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
 * The module's settings form for who may edit it. A published module's settings are saved as a draft
 * beside those learners see, with its changes, publish and discard
 * (docs/adr/0019-drafts-of-live-content.md); an unpublished module without a draft is saved directly.
 */
export function ModuleSettingsEditor({ module }: { module: ModuleDetail }) {
  const { t } = useTranslation();
  const state = useQuery(trpc.module.draft.queryOptions({ path: module.path }));
  const update = useUpdateModule();
  const saveDraft = useContentMutation('module', trpc.module.saveDraft.mutationOptions());
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
        message={t('moduleAdmin.draft.loadError')}
        onRetry={() => void state.refetch()}
        error={state.error}
      />
    );
  const { live, draft } = state.data;
  if (!live && !draft)
    return (
      <ModuleForm
        key={module.moduleId}
        defaultValues={moduleFormValues(module)}
        submitLabel={t('moduleAdmin.save')}
        save={async (values) => {
          await update.mutateAsync({ path: module.path, module: values });
          return t('moduleAdmin.saved');
        }}
      />
    );
  return (
    <>
      {notice && (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      )}
      {draft ? (
        <ModuleDraftPanel module={module} draft={draft} onDone={setNotice} />
      ) : (
        <p className="muted live-draft__hint">{t('moduleAdmin.draft.liveHint')}</p>
      )}
      <ModuleForm
        // A new draft, a publication or a discard starts the form again from what is now kept.
        key={`${module.moduleId}:${draft ? 'draft' : module.updatedAt}`}
        defaultValues={moduleFormValues(draft ? { ...module, ...draft.details } : module)}
        submitLabel={t('moduleAdmin.draft.save')}
        save={async (values) => {
          setNotice(null);
          await saveDraft.mutateAsync({ path: module.path, module: values });
          if (!draft) {
            setNotice(t('moduleAdmin.draft.saved'));
            return null;
          }
          return t('moduleAdmin.draft.saved');
        }}
      />
    </>
  );
}
