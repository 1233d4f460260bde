import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue } from '../../../../events/result/answers';
import { useCurrentUser } from '../../../lib/auth';
import { online, queuedSavesOf, queueSave, sendQueued, subscribeToQueue } from '../api/answer-queue';
import type { LearnerQuestion } from '../api/get-learner-page';
import { useSavedAnswers } from '../api/save-answers';

/** How long answers rest before they are saved (docs/guide/questions-and-attempts.md: 500 ms after the last change). */
const SAVE_DEBOUNCE_MS = 500;

/**
 * pending: resting before it is saved; saving: kept on this device and on its way; queued: kept on
 * this device until the connection allows; saved: the server has every answer of the page.
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'queued' | 'saved' | 'error';

/** What the form shows: the participant's draft, else the confirmed answer, else nothing. */
const initialDraft = (questions: Record<string, LearnerQuestion>) =>
  Object.fromEntries(
    Object.values(questions).map((question) => [
      question.name,
      question.draft ?? question.answer ?? (question.questionType === 'multiple' ? [] : ''),
    ]),
  ) as Record<string, AnswerValue>;

/**
 * The answers of one page as the participant edits them. Changes rest 500 ms, then go into the
 * answer queue on this device (IndexedDB) and from there to the server, in order, as soon as the
 * connection allows (as drafts for questions with limited attempts, which spend nothing). `confirm`
 * checks one answer, which spends an attempt when the server takes it. Nothing typed is lost to a
 * failed request or a reload: what the queue still holds for the page shows over the server's
 * older answers. A save the server refuses on arrival says why and leaves the text as typed.
 */
export function useAnswerForm(
  modulePath: string,
  pagePath: string,
  questions: Record<string, LearnerQuestion>,
) {
  const { t } = useTranslation();
  const userId = useCurrentUser()?._id ?? null;
  const applySaved = useSavedAnswers(modulePath, pagePath);
  const [draft, setDraft] = useState(() => initialDraft(questions));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const pending = useRef<Record<string, AnswerValue>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** This page's saves still in the queue, by their entry id. */
  const waiting = useRef(new Set<number>());
  /** Questions changed on this visit: the queue's older text must not replace them. */
  const touched = useRef(new Set<string>());
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const settle = useCallback(() => {
    if (waiting.current.size > 0 || Object.keys(pending.current).length > 0) return;
    // A refusal stays on screen until the participant changes something.
    setStatus((now) => (now === 'error' ? now : 'saved'));
  }, []);

  // What this device still holds for the page (a reload, a closed tab) shows and goes out.
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void queuedSavesOf(userId, modulePath, pagePath).then((saves) => {
      if (cancelled || saves.length === 0) return;
      const held: Record<string, AnswerValue> = Object.assign({}, ...saves.map((save) => save.answers));
      for (const name of touched.current) delete held[name];
      setDraft((current) => ({ ...current, ...held }));
      for (const save of saves) waiting.current.add(save.id);
      setStatus(online() ? 'saving' : 'queued');
      void sendQueued(userId);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, modulePath, pagePath]);

  useEffect(
    () =>
      subscribeToQueue((event) => {
        if (event.type === 'waiting') {
          if (event.userId === userId && waiting.current.size > 0)
            setStatus((now) => (now === 'error' || now === 'pending' ? now : 'queued'));
          return;
        }
        const { save } = event;
        if (save.userId !== userId || save.module !== modulePath || save.page !== pagePath) return;
        if (event.type === 'sent') {
          applySaved(event.saved);
          if (event.left) waiting.current.delete(save.id);
          settle();
        } else {
          waiting.current.delete(save.id);
          setError(event.message ?? t('answering.saveError'));
          setStatus('error');
          applySaved(null);
        }
      }),
    [userId, modulePath, pagePath, applySaved, settle, t],
  );

  const send = useCallback(
    async (answers: Record<string, AnswerValue>, confirm: string[] = []): Promise<void> => {
      if (!userId) return;
      try {
        const save = await queueSave(userId, { module: modulePath, page: pagePath }, answers, confirm);
        waiting.current.add(save.id);
        setStatus((now) => (now === 'error' || now === 'pending' ? now : online() ? 'saving' : 'queued'));
      } catch {
        // No storage on this device (private browsing, a full disk): the text stays on screen.
        setError(t('answering.saveError'));
        setStatus('error');
        return;
      }
      await sendQueued(userId);
    },
    [userId, modulePath, pagePath, t],
  );

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const answers = pending.current;
    pending.current = {};
    if (Object.keys(answers).length === 0) return;
    setStatus((now) => (now === 'pending' ? 'saving' : now));
    await send(answers);
  }, [send]);

  // 'Check answer': what is still resting goes first, then this one answer counts.
  const confirm = useCallback(
    async (name: string) => {
      setConfirming(name);
      try {
        const resting = flush();
        const value = draftRef.current[name];
        if (value !== undefined) {
          // Queued behind the drafts (the queue keeps the order), and sent when they are.
          await Promise.all([resting, send({ [name]: value }, [name])]);
        } else await resting;
      } finally {
        setConfirming(null);
      }
    },
    [flush, send],
  );

  const change = useCallback(
    (name: string, value: AnswerValue) => {
      touched.current.add(name);
      setDraft((current) => ({ ...current, [name]: value }));
      pending.current[name] = value;
      setError(null);
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  // Leaving the page, or the tab going away, within the debounce still keeps the change.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const keep = () => {
      if (timer.current) void flushRef.current();
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, []);
  // Only a change still resting is not on this device yet: closing the tab then first asks.
  useEffect(() => {
    if (status !== 'pending') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  return { draft, change, confirm, confirming, status, error };
}
