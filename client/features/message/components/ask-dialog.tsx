import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAskQuestion } from '../api/learner-threads';
import type { AskAbout } from './ask-teacher';
import { MessageBox } from './message-box';
import '../messages.css';

/**
 * The question to the module's teachers, in a modal <dialog>: focus starts in the text, Esc or
 * Close shuts it and focus returns to the button that opened it. Once sent it says so, with the
 * way to Messages where the answer will come.
 */
export function AskDialog({
  about,
  open,
  onClose,
  returnFocus,
}: {
  about: AskAbout;
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const ask = useAskQuestion();
  const [thread, setThread] = useState<string | null>(null);
  // A fresh form each time it opens.
  const [round, setRound] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setThread(null);
      setRound((value) => value + 1);
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
    }
  }, [open, returnFocus]);

  return (
    <dialog
      ref={ref}
      className="dialog ask-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {t('messages.askTitle', { page: about.pageName })}
      </h2>
      <p id={`${id}-intro`} className="dialog__message">
        {t('messages.askIntro')}
      </p>
      {about.question && (
        <p className="ask-dialog__question">
          {t('messages.aboutQuestion', { question: about.question.label })}
        </p>
      )}
      {thread ? (
        <div className="ask-dialog__sent" role="status">
          <p>{t('messages.sent')}</p>
          <p>
            <Link href={`~/messages/${thread}`} onClick={onClose}>
              {t('messages.toMessages')}
            </Link>
          </p>
        </div>
      ) : (
        open && (
          <MessageBox
            key={round}
            autoFocus
            label={t('messages.questionLabel')}
            sendLabel={t('messages.send')}
            sentMessage={t('messages.sent')}
            send={async (text) => {
              const { thread: opened } = await ask.mutateAsync({
                page: about.page,
                course: about.course,
                question: about.question?.name ?? null,
                text,
              });
              setThread(opened);
            }}
          />
        )
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('messages.close')}
        </button>
      </div>
    </dialog>
  );
}
