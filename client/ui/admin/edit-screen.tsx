import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../lib/forms';
import { errorCode } from '../../lib/trpc';
import { Alert } from '../alert';
import { ItemQuery } from '../item-query';
import { useDocumentTitle } from '../use-document-title';
import { useNotice } from './content-form-helpers';

/**
 * The frame of every admin edit screen (course, section, module, page, file): the item's query
 * states (loading, not found, no rights, failed), the document title, the way back, the name with
 * its badges, the arrival notice, and the tabs of the item's views. What the screen shows of the
 * item comes as `children`.
 */
export function EditScreen<T>({
  query,
  name,
  texts,
  back,
  badges,
  arrivals = {},
  tabs,
  className,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  name: (item: T) => string;
  texts: { title: string; notFound: string; loadError: string; listHref: string; listLabel: string };
  /** Where '←' leads from a loaded item; the item's list when not given. */
  back?: (item: T) => { href: string; label: string };
  badges?: (item: T) => ReactNode;
  /** Texts of the notices a screen may arrive with (history state `notice`: created, duplicated…). */
  arrivals?: Record<string, string>;
  tabs?: (item: T) => ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const code = query.isError ? errorCode(query.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(query.data ? name(query.data) : missing ? texts.notFound : texts.title);
  return (
    <ItemQuery
      query={query}
      notFound={texts.notFound}
      loadError={texts.loadError}
      backHref={texts.listHref}
      backLabel={texts.listLabel}
    >
      {(item) => {
        const way = back?.(item) ?? { href: texts.listHref, label: texts.listLabel };
        return (
          <article className={className}>
            <p className="back-link">
              <Link href={way.href}>← {way.label}</Link>
            </p>
            <div className="page-header page-header--start">
              <h1>{name(item)}</h1>
              {badges && <p className="badges">{badges(item)}</p>}
            </div>
            <ArrivalNotice texts={arrivals} />
            {tabs?.(item)}
            {children(item)}
          </article>
        );
      }}
    </ItemQuery>
  );
}

/** The notice a screen was opened with (after creating, duplicating or translating), shown once. */
function ArrivalNotice({ texts }: { texts: Record<string, string> }) {
  const [shown] = useState(() => (window.history.state as { notice?: unknown } | null)?.notice);
  if (typeof shown !== 'string' || !texts[shown]) return null;
  return (
    <Alert tone="success">
      <p>{texts[shown]}</p>
    </Alert>
  );
}

/** The views of an item as tabs; the current one is marked for assistive technology. */
export function ViewTabs<V extends string>({
  label,
  current,
  items,
}: {
  label: string;
  current: V;
  items: { view: V; href: string; label: string }[];
}) {
  return (
    <nav className="tabs" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.view}>
            <Link
              href={item.href}
              className="tabs__tab"
              aria-current={item.view === current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Published or not, as every edit screen shows it. */
export function StateBadge({ published, texts }: { published: boolean; texts: [string, string] }) {
  return (
    <span className={published ? 'badge' : 'badge badge--warning'}>{published ? texts[0] : texts[1]}</span>
  );
}

/**
 * Runs the item actions of an edit screen (publish, duplicate…): the previous answer goes, a
 * success text shows when the action returns one, and a refusal shows the server's message.
 */
export function useItemActions() {
  const { t } = useTranslation();
  const { setNotice, view } = useNotice();
  const act = async (action: () => Promise<unknown>) => {
    setNotice(null);
    try {
      const text = await action();
      if (typeof text === 'string' && text) setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };
  const say = (text: string) => setNotice({ tone: 'success', text });
  return { act, say, notice: view };
}

/** One item action: a small button, disabled while its request runs. */
function ActionButton({
  pending,
  onClick,
  children,
}: {
  pending?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="button button--small button--ghost" disabled={pending} onClick={onClick}>
      {children}
    </button>
  );
}

type Act = ReturnType<typeof useItemActions>['act'];

/** Publish or unpublish, labelled by the item's state; the answer says which it did. */
export function PublishAction({
  item,
  publish,
  act,
  labels,
  done,
}: {
  item: { path: string; published: boolean };
  publish: {
    isPending: boolean;
    mutateAsync: (input: { path: string; published: boolean }) => Promise<unknown>;
  };
  act: Act;
  labels: { publish: string; unpublish: string };
  done: { published: string; unpublished: string };
}) {
  return (
    <ActionButton
      pending={publish.isPending}
      onClick={() =>
        void act(async () => {
          await publish.mutateAsync({ path: item.path, published: !item.published });
          return item.published ? done.unpublished : done.published;
        })
      }
    >
      {item.published ? labels.unpublish : labels.publish}
    </ActionButton>
  );
}

/** Duplicate the item, then open the copy. */
export function DuplicateAction({
  path,
  duplicate,
  act,
  label,
  open,
}: {
  path: string;
  duplicate: { isPending: boolean; mutateAsync: (path: string) => Promise<{ path: string }> };
  act: Act;
  label: string;
  open: (copyPath: string) => void;
}) {
  return (
    <ActionButton
      pending={duplicate.isPending}
      onClick={() => void act(async () => open((await duplicate.mutateAsync(path)).path))}
    >
      {label}
    </ActionButton>
  );
}

/**
 * The body of an item's main view: the action bar (only when it holds an action), the actions'
 * answer, the form beside the history, and the danger zone below.
 */
export function EditBody({
  actions,
  notice,
  before,
  main,
  history,
  historyId,
  danger,
}: {
  actions: ReactNode[];
  notice?: ReactNode;
  before?: ReactNode;
  main: ReactNode;
  /** Left out for who may not see the history. */
  history?: ReactNode;
  historyId: string;
  danger?: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = actions.filter(Boolean);
  return (
    <>
      {shown.length > 0 && (
        <div className="action-bar">
          {shown.map((action, index) => (
            // The actions are a fixed list per screen: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Fragment key={index}>{action}</Fragment>
          ))}
        </div>
      )}
      {notice}
      {before}
      <div className="admin-columns">
        <div className="admin-columns__main">{main}</div>
        {history && (
          <aside className="admin-columns__side" aria-labelledby={historyId}>
            <h2 id={historyId}>{t('history.title')}</h2>
            {history}
          </aside>
        )}
      </div>
      {danger}
    </>
  );
}
