import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../events/shared/dates';

interface Message {
  id: number;
  from: 'learner' | 'teacher';
  author: string | null;
  text: string | null;
  at: string;
}

/** The messages of a thread in order: who wrote (the learner reads "You"), when, and what. */
export function ThreadMessages({ messages, viewer }: { messages: Message[]; viewer: 'learner' | 'teacher' }) {
  const { t } = useTranslation();
  const who = (message: Message) =>
    viewer === 'learner' && message.from === 'learner'
      ? t('messages.you')
      : (message.author ?? (message.from === 'teacher' ? t('messages.teacher') : '—'));
  return (
    <ol className="thread-messages">
      {messages.map((message) => (
        <li key={message.id} className={`thread-message thread-message--${message.from}`}>
          <p className="thread-message__meta">
            <strong>{who(message)}</strong> · <time dateTime={message.at}>{formatDateTime(message.at)}</time>
          </p>
          <p className="thread-message__text">{message.text ?? t('messages.erasedText')}</p>
        </li>
      ))}
    </ol>
  );
}
