import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ModuleDetails } from '../../../../events/module/events';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from '../../../ui/admin/api/content-mutation';
import { type ModuleDetail, useUpdateModule } from '../../../ui/admin/api/modules';
import { LiveDraftEditor, LiveDraftPanel } from '../../../ui/admin/live-draft';
import { SettingsChanges } from '../../../ui/admin/settings-changes';
import { InfoText } from '../../../ui/info-text';
import { ItemHeader } from '../../../ui/item-header';
import { ModuleForm } from './module-form';
import { type ModuleFormValues, moduleFormValues } from './module-form-values';

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
  'checkReveals',
  'anonymousPages',
  'randomized',
  'gateProgress',
  'gateConfig',
] as const satisfies readonly (keyof ModuleDetails)[];
const wordFields = new Set<string>(['name', 'info']);

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
  const publish = useContentMutation('module', trpc.module.publishChanges.mutationOptions());
  const discard = useContentMutation('module', trpc.module.discardDraft.mutationOptions());
  return (
    <LiveDraftPanel
      texts="moduleAdmin"
      savedAt={draft.savedAt}
      views={[
        {
          id: 'preview',
          label: t('moduleAdmin.draft.preview'),
          title: t('moduleAdmin.draft.previewTitle'),
          render: () => (
            <article className="page-preview" lang={draft.details.language}>
              <ItemHeader image={draft.details.image}>
                <h3>{draft.details.name}</h3>
              </ItemHeader>
              <InfoText text={draft.details.info} />
            </article>
          ),
        },
        {
          id: 'changes',
          label: t('moduleAdmin.draft.showChanges'),
          title: t('moduleAdmin.draft.changesTitle'),
          render: () => (
            <SettingsChanges
              live={module}
              draft={{ ...module, ...draft.details }}
              fields={fields}
              texts="moduleAdmin"
              wordFields={wordFields}
            />
          ),
        },
      ]}
      publish={() => publish.mutateAsync({ path: module.path })}
      discard={() => discard.mutateAsync({ path: module.path })}
      busy={publish.isPending || discard.isPending}
      onDone={onDone}
    />
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
  return (
    <LiveDraftEditor
      texts="moduleAdmin"
      state={state}
      direct={() => (
        <ModuleForm
          key={module.moduleId}
          defaultValues={moduleFormValues(module)}
          submitLabel={t('moduleAdmin.save')}
          save={async (values) => {
            await update.mutateAsync({ path: module.path, module: values });
            return t('moduleAdmin.saved');
          }}
        />
      )}
      panel={(draft, onDone) => <ModuleDraftPanel module={module} draft={draft} onDone={onDone} />}
      saveDraft={(values: ModuleFormValues) => saveDraft.mutateAsync({ path: module.path, module: values })}
      form={(draft, save) => (
        <ModuleForm
          // A new draft, a publication or a discard starts the form again from what is now kept.
          key={`${module.moduleId}:${draft ? 'draft' : module.updatedAt}`}
          defaultValues={moduleFormValues(draft ? { ...module, ...draft.details } : module)}
          submitLabel={t('moduleAdmin.draft.save')}
          save={save}
        />
      )}
    />
  );
}
