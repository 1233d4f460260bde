import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { MessageBox } from '../components/message-box';
import { ThreadMessages } from '../components/thread-messages';
import { useCloseThread, useInbox, useInboxThread, useReply } from './inbox-api';
import '../messages.css';

/** /admin/messages: learners' questions about what this person teaches, open or closed. */
export function InboxRoute() {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const inbox = useInbox(status);
  useDocumentTitle(t('messageAdmin.title'));
  return (
    <>
      <h1>{t('messageAdmin.title')}</h1>
      <fieldset className="message-filter">
        <legend className="field__label">{t('messageAdmin.show')}</legend>
        {(['open', 'closed'] as const).map((value) => (
          <label key={value} htmlFor={`${id}-${value}`} className="checkbox__label">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-status`}
              checked={status === value}
              onChange={() => setStatus(value)}
            />{' '}
            {value === 'open' ? t('messageAdmin.open') : t('messageAdmin.closedFilter')}
          </label>
        ))}
      </fieldset>
      {inbox.isPending ? (
        <Loading />
      ) : inbox.isError ? (
        <ErrorPanel message={t('errors.generic')} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.length === 0 ? (
        <Empty>{status === 'open' ? t('messageAdmin.none') : t('messageAdmin.noneClosed')}</Empty>
      ) : (
        <ul className="thread-list">
          {inbox.data.map((thread) => (
            <li key={thread.thread} className="thread-list__item panel">
              <Link href={`/messages/${thread.thread}`} className="thread-list__link">
                {thread.module.name} › {thread.page.name}
              </Link>
              <p className="thread-list__preview">{thread.preview}</p>
              <p className="thread-list__state">
                <span>{t('messageAdmin.from', { name: thread.learner ?? t('messageAdmin.erased') })}</span>
                <span className="badge badge--muted">
                  {thread.status === 'closed'
                    ? t('messageAdmin.closed')
                    : thread.answered
                      ? t('messageAdmin.answered')
                      : t('messageAdmin.waiting')}
                </span>
                <time dateTime={thread.updatedAt}>{formatDateTime(thread.updatedAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /admin/messages/{thread}: the conversation, a reply box and closing it (asked first). */
export function InboxThreadRoute({ thread }: { thread: string }) {
  const { t } = useTranslation();
  const detail = useInboxThread(thread);
  const reply = useReply();
  const close = useCloseThread();
  const [asking, setAsking] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t('messageAdmin.title'));
  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <ErrorPanel
        message={problemOf(detail.error).message ?? t('errors.generic')}
        onRetry={() => void detail.refetch()}
      />
    );
  const data = detail.data;
  const base = data.course ? `/course/${data.course.path}` : '';
  return (
    <>
      <p>
        <Link href="/messages">← {t('messageAdmin.back')}</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {data.module.name} › {data.page.name}
      </h1>
      <p>
        {t('messageAdmin.from', { name: data.learner ?? t('messageAdmin.erased') })}
        {data.course && <> · {t('messageAdmin.inCourse', { course: data.course.name })}</>}
        {data.question && <> · {t('messageAdmin.question', { question: data.question })}</>}
        {' · '}
        <Link href={`~${base}/module/${data.module.path}/page/${data.page.path}`}>
          {t('messageAdmin.openPage')}
        </Link>
      </p>
      <ThreadMessages messages={data.messages} viewer="teacher" />
      {close.isSuccess && <Alert tone="success">{t('messageAdmin.closedOk')}</Alert>}
      {data.status === 'closed' ? (
        !close.isSuccess && <p className="status status--info">{t('messages.closedNote')}</p>
      ) : (
        <>
          <MessageBox
            label={t('messageAdmin.replyLabel')}
            sendLabel={t('messageAdmin.send')}
            sentMessage={t('messageAdmin.sent')}
            send={(text) => reply.mutateAsync({ thread, text })}
          />
          <div className="form__actions">
            <button
              ref={closeButton}
              type="button"
              className="button button--danger"
              onClick={() => setAsking(true)}
            >
              {t('messageAdmin.close')}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('messageAdmin.close')}
        message={t('messageAdmin.confirmClose')}
        confirmLabel={t('messageAdmin.close')}
        busy={close.isPending}
        error={close.isError ? (problemOf(close.error).message ?? t('errors.generic')) : null}
        onConfirm={() =>
          void close
            .mutateAsync({ thread })
            .then(() => setAsking(false))
            .catch(() => {})
        }
        onCancel={() => setAsking(false)}
        returnFocus={close.isSuccess ? heading : closeButton}
      />
    </>
  );
}
