import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../lib/auth';
import { languageName } from '../../lib/languages';
import { DangerZone } from '../danger-zone';
import { DuplicateAction, EditBody, PublishAction, StateBadge, useItemActions } from './edit-screen';
import { History, type HistoryEntry } from './history';

type PublishMutation = Parameters<typeof PublishAction>[0]['publish'];
type DuplicateMutation = Parameters<typeof DuplicateAction>[0]['duplicate'];
type Removal = Parameters<typeof DangerZone>[0]['removal'] & {
  mutateAsync: (path: string) => Promise<unknown>;
};

/** What an item's danger zone says: its heading's id, title, text, button and question. */
export interface RemovalTexts {
  id: string;
  title: string;
  text: string;
  button: string;
  confirm: ReactNode;
}

/**
 * The main view of a content item (course, section, module, file, page): publish and duplicate
 * when the viewer may, the screen's own actions, the form beside the history, and the removal
 * behind its confirmation. Each part is left out (`false`) where the viewer's rights say so.
 */
export function ContentEditBody({
  item,
  lead = [],
  publish,
  duplicate,
  actions = [],
  before,
  main,
  historyId,
  history,
  remove,
}: {
  item: { path: string; published?: boolean };
  /** Actions before publish and duplicate. */
  lead?: ReactNode[];
  publish?:
    | false
    | {
        mutation: PublishMutation;
        labels: { publish: string; unpublish: string };
        done: { published: string; unpublished: string };
      };
  duplicate?: false | { mutation: DuplicateMutation; label: string; open: (copyPath: string) => void };
  actions?: ReactNode[];
  before?: ReactNode;
  main: ReactNode;
  historyId: string;
  history?: ReactNode;
  remove?: false | { mutation: Removal; texts: RemovalTexts; onDone: () => void };
}) {
  const { act, notice } = useItemActions();
  return (
    <EditBody
      actions={[
        ...lead,
        publish && (
          <PublishAction
            item={{ path: item.path, published: item.published ?? false }}
            publish={publish.mutation}
            act={act}
            labels={publish.labels}
            done={publish.done}
          />
        ),
        duplicate && (
          <DuplicateAction
            path={item.path}
            duplicate={duplicate.mutation}
            act={act}
            label={duplicate.label}
            open={duplicate.open}
          />
        ),
        ...actions,
      ]}
      notice={notice}
      before={before}
      main={main}
      historyId={historyId}
      history={history}
      danger={
        remove && (
          <DangerZone
            id={remove.texts.id}
            title={remove.texts.title}
            text={remove.texts.text}
            buttonLabel={remove.texts.button}
            confirmMessage={remove.texts.confirm}
            confirmLabel={remove.texts.button}
            removal={remove.mutation}
            run={() => remove.mutation.mutateAsync(item.path)}
            onDone={remove.onDone}
          />
        )
      }
    />
  );
}

/** An item's history, with the view of the item as it was at a chosen moment. */
export function ItemHistory({
  query,
  viewer,
  path,
  asOf: AsOf,
}: {
  query: UseQueryResult<HistoryEntry[], unknown>;
  viewer: CurrentUser;
  path: string;
  asOf: ComponentType<{ path: string; at: string; onClose: () => void }>;
}) {
  return (
    <History
      query={query}
      viewer={viewer}
      asOf={(at, close) => <AsOf path={path} at={at} onClose={close} />}
    />
  );
}

/**
 * The action and removal texts of a course or a section, whose catalogues name them alike under
 * `courseAdmin` or `sectionAdmin` (published, unpublished, duplicate, save, saved, deleteTitle,
 * deleteText, delete, deleteConfirm); both say publish and unpublish in the course's words.
 */
export function useContainerTexts(kind: 'course' | 'section', name: string) {
  const { t } = useTranslation();
  const texts = `${kind}Admin` as const;
  return {
    publish: {
      labels: { publish: t('courseAdmin.publish'), unpublish: t('courseAdmin.unpublish') },
      done: {
        published: t(`${texts}.published`, { name }),
        unpublished: t(`${texts}.unpublished`, { name }),
      },
    },
    duplicate: t(`${texts}.duplicate`),
    form: { submitLabel: t(`${texts}.save`), savedText: t(`${texts}.saved`) },
    removal: {
      id: `delete-${kind}-title`,
      title: t(`${texts}.deleteTitle`),
      text: t(`${texts}.deleteText`),
      button: t(`${texts}.delete`),
      confirm: t(`${texts}.deleteConfirm`, { name }),
    } satisfies RemovalTexts,
  };
}

/** The badges of a course or a section: its language, and published or not in the course's words. */
export function ContainerBadges({ item }: { item: { language: string; published: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="badge">{languageName(t, item.language)}</span>
      <StateBadge
        published={item.published}
        texts={[t('courseAdmin.statePublished'), t('courseAdmin.stateUnpublished')]}
      />
    </>
  );
}
