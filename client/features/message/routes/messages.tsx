import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { errorKey } from '../../../lib/trpc';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import {
  type LearnerThread,
  useFollowUp,
  useMarkRead,
  useMyThread,
  useMyThreads,
} from '../api/learner-threads';
import { MessageBox } from '../components/message-box';
import { ThreadMessages } from '../components/thread-messages';
import '../messages.css';

/** /messages: the learner's questions to teachers, each with whether an answer came and is unread. */
export function MessagesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('messages.title'));
  return (
    <SignedInOnly errorMessage={t('messages.loadError')}>
      {() => (
        <div className="page-narrow">
          <h1>{t('messages.title')}</h1>
          <ThreadList />
        </div>
      )}
    </SignedInOnly>
  );
}

function ThreadState({ thread }: { thread: LearnerThread }) {
  const { t } = useTranslation();
  return (
    <p className="thread-list__state">
      {thread.unread > 0 && <span className="badge">{t('messages.unread', { count: thread.unread })}</span>}
      {thread.status === 'closed' ? (
        <span className="badge badge--muted">{t('messages.closed')}</span>
      ) : (
        <span className="badge badge--muted">
          {thread.answered ? t('messages.answered') : t('messages.waiting')}
        </span>
      )}
      <time dateTime={thread.updatedAt}>{formatDateTime(thread.updatedAt)}</time>
    </p>
  );
}

function ThreadList() {
  const { t } = useTranslation();
  const threads = useMyThreads();
  if (threads.isPending) return <Loading />;
  if (threads.isError)
    return <ErrorPanel message={t('messages.loadError')} onRetry={() => void threads.refetch()} />;
  if (threads.data.length === 0) return <Empty>{t('messages.none')}</Empty>;
  return (
    <ul className="thread-list">
      {threads.data.map((thread) => (
        <li key={thread.thread} className="thread-list__item panel">
          <Link href={`/messages/${thread.thread}`} className="thread-list__link">
            {t('messages.where', { module: thread.module.name, page: thread.page.name })}
          </Link>
          <p className="thread-list__preview">{thread.preview}</p>
          <ThreadState thread={thread} />
        </li>
      ))}
    </ul>
  );
}

/** /messages/{thread}: one question with its answers, and a box for another message while open. */
export function MessageThreadRoute({ thread }: { thread: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('messages.title'));
  return (
    <SignedInOnly errorMessage={t('messages.loadError')}>
      {() => (
        <div className="page-narrow">
          <p>
            <Link href="/messages">← {t('messages.back')}</Link>
          </p>
          <Thread thread={thread} />
        </div>
      )}
    </SignedInOnly>
  );
}

function Thread({ thread }: { thread: string }) {
  const { t } = useTranslation();
  const detail = useMyThread(thread);
  const followUp = useFollowUp();
  const markRead = useMarkRead();
  const unread = detail.data?.unread ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread > 0) mutate({ thread });
  }, [unread, thread, mutate]);
  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <ErrorPanel
        message={
          errorKey(detail.error) === 'messages.errors.notFound'
            ? t('messages.errors.notFound')
            : t('messages.loadError')
        }
        onRetry={() => void detail.refetch()}
      />
    );
  const data = detail.data;
  const base = data.course ? `/course/${data.course.path}` : '';
  return (
    <>
      <h1>{t('messages.where', { module: data.module.name, page: data.page.name })}</h1>
      <p>
        <Link href={`${base}/module/${data.module.path}/page/${data.page.path}`}>
          {t('messages.openPage')}
        </Link>
        {data.teachers.length > 0 && <> · {t('messages.teachers', { names: data.teachers.join(', ') })}</>}
      </p>
      <ThreadMessages messages={data.messages} viewer="learner" />
      {data.status === 'closed' ? (
        <p className="status status--info">{t('messages.closedNote')}</p>
      ) : (
        <MessageBox
          label={t('messages.addLabel')}
          sendLabel={t('messages.send')}
          sentMessage={t('messages.added')}
          send={(text) => followUp.mutateAsync({ thread, text })}
        />
      )}
    </>
  );
}
