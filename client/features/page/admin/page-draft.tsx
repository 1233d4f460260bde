import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Element, InteractiveVideo } from '../../../../events/page/content';
import { LiveDraftPanel } from '../../../ui/admin/live-draft';
import { PageChanges } from './page-changes';
import { type AdminPage, type PageDraftState, useDiscardPageDraft, usePublishPageChanges } from './pages';

type Draft = NonNullable<PageDraftState['draft']>;

/** The learner's page drawn read-only from given elements: the admin shell hands it in (embeds). */
export type PagePreviewView = (page: {
  name: string;
  content: Element[];
  interactiveVideo: InteractiveVideo | null;
}) => ReactNode;

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
  const publish = usePublishPageChanges();
  const discard = useDiscardPageDraft();
  return (
    <LiveDraftPanel
      texts="pageAdmin"
      savedAt={draft.savedAt}
      views={[
        {
          id: 'preview',
          label: t('pageAdmin.draft.preview'),
          title: t('pageAdmin.draft.previewTitle'),
          render: () =>
            preview({
              name: draft.name,
              content: draft.content,
              interactiveVideo: draft.type === 'interactive' ? draft.interactiveVideo : null,
            }),
        },
        {
          id: 'changes',
          label: t('pageAdmin.draft.showChanges'),
          title: t('pageAdmin.draft.changesTitle'),
          render: () => <PageChanges live={page} draft={draft} />,
        },
      ]}
      publish={() => publish.mutateAsync({ path: page.path })}
      discard={() => discard.mutateAsync({ path: page.path })}
      busy={publish.isPending || discard.isPending}
      onDone={onDone}
    />
  );
}
