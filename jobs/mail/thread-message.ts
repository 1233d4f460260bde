import { type MailDeps, mailName, recipient } from './send-mail';
import type { ThreadMail } from './thread-mail';

/**
 * The mail about a thread's message in its reader's language, naming the page (and who answered), with
 * a link to the thread (the inbox for a teacher, Messages for the learner); null when the reader,
 * the thread or its page is gone.
 */
export async function threadMessage(deps: MailDeps, mail: ThreadMail) {
  const person = await recipient(deps, mail.userId);
  const thread = (await deps.db
    .selectFrom('message_threads')
    .select(['module_id', 'page_id', 'page_path'])
    .where('thread_id', '=', mail.threadId)
    .executeTakeFirst()) as { module_id: string; page_id: string; page_path: string } | undefined;
  if (!person || !thread) return null;
  const module = (await deps.db
    .selectFrom('module_summaries')
    .select('name')
    .where('module_id', '=', thread.module_id)
    .executeTakeFirst()) as { name: string } | undefined;
  const page = (await deps.db
    .selectFrom('page_summaries')
    .select('name')
    .where('page_id', '=', thread.page_id)
    .executeTakeFirst()) as { name: string } | undefined;
  const author = (await deps.db
    .selectFrom('users')
    .select('name')
    .where('user_id', '=', mail.authorId)
    .executeTakeFirst()) as { name: string } | undefined;
  const toLearner = mail.about === 'replied';
  const params = {
    name: person.name,
    item: module?.name ?? '',
    page: page?.name ?? thread.page_path,
    // Only the teacher is named: a mail kept for a teacher outlives the learner's erasure.
    teacher: mailName(author?.name ?? ''),
    url: `${deps.publicUrl}/${toLearner ? 'messages' : 'admin/messages'}/${mail.threadId}`,
  };
  const key = toLearner ? 'reply' : mail.about === 'asked' ? 'question' : 'followUp';
  return {
    to: person.email,
    subject: deps.translate(person.language, `mail.${key}.subject`, params),
    text: deps.translate(person.language, `mail.${key}.body`, params),
    userId: mail.userId,
    messageId: `<event-${mail.eventPosition}-${mail.userId}@platform>`,
  };
}
