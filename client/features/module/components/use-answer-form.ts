import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue } from '../../../../events/result/answers';
import { checksIn } from '../../../lib/answer-queue-store';
import { useCurrentUser } from '../../../lib/auth';
import { online, queuedSavesOf, queueSave, sendQueued, subscribeToQueue } from '../api/answer-queue';
import type { LearnerQuestion } from '../api/get-learner-page';
import { useSavedAnswers } from '../api/save-answers';
import { effectiveAttempts } from './effective-attempts';

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
 * A check ('Check answer') still in this device's queue. Once sent (or refused for an attempt used
 * elsewhere) it stays counted until the page's next state from the server arrives (`until`: the
 * state it was sent under), so the counter never drops back for a moment in between.
 */
interface WaitingCheck {
  id: number;
  question: string;
  answer: AnswerValue;
  /** Held on this device: made offline, read back after a reload, or the queue had to stop. */
  held: boolean;
  until?: Record<string, LearnerQuestion>;
}

const noChecks: AnswerValue[] = [];

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
  const [checks, setChecks] = useState<WaitingCheck[]>([]);
  /** Questions whose check the server refused because the attempt was used on another device. */
  const [usedElsewhere, setUsedElsewhere] = useState<ReadonlySet<string>>(new Set());
  const questionsRef = useRef(questions);
  questionsRef.current = questions;
  const waitingChecks = useMemo(() => {
    const byQuestion: Record<string, AnswerValue[]> = {};
    for (const check of checks)
      if (!check.until || check.until === questions)
        byQuestion[check.question] = [...(byQuestion[check.question] ?? []), check.answer];
    return byQuestion;
  }, [checks, questions]);
  const waitingRef = useRef(waitingChecks);
  waitingRef.current = waitingChecks;
  // The server's state arrived: the checks it answered are in it.
  useEffect(() => {
    setChecks((now) =>
      now.some((check) => check.until && check.until !== questions)
        ? now.filter((check) => !check.until || check.until === questions)
        : now,
    );
  }, [questions]);
  const addChecks = useCallback(
    (saves: { id: number; answers: Record<string, AnswerValue>; confirm: string[] }[], held: boolean) => {
      const added = saves.flatMap((save) => checksIn(save).map((check) => ({ id: save.id, held, ...check })));
      if (added.length > 0)
        setChecks((now) => [...now.filter((check) => !added.some((it) => it.id === check.id)), ...added]);
    },
    [],
  );

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
      addChecks(saves, true);
      setStatus(online() ? 'saving' : 'queued');
      void sendQueued(userId);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, modulePath, pagePath, addChecks]);

  useEffect(
    () =>
      subscribeToQueue((event) => {
        if (event.type === 'waiting') {
          if (event.userId === userId)
            setChecks((now) =>
              now.every((check) => check.held) ? now : now.map((check) => ({ ...check, held: true })),
            );
          if (event.userId === userId && waiting.current.size > 0)
            setStatus((now) => (now === 'error' || now === 'pending' ? now : 'queued'));
          return;
        }
        const { save } = event;
        if (save.userId !== userId || save.module !== modulePath || save.page !== pagePath) return;
        const answered = questionsRef.current;
        if (event.type === 'sent') {
          if (event.left)
            setChecks((now) =>
              now.map((check) => (check.id === save.id ? { ...check, until: answered } : check)),
            );
          applySaved(event.saved);
          if (event.left) waiting.current.delete(save.id);
          settle();
        } else {
          waiting.current.delete(save.id);
          // The attempt went to another device's answer: say so at the question, until dismissed.
          const elsewhere = event.key === 'result.noAttemptsLeft' && save.confirm.length > 0;
          setChecks((now) =>
            elsewhere
              ? now.map((check) => (check.id === save.id ? { ...check, until: answered } : check))
              : now.filter((check) => check.id !== save.id),
          );
          if (elsewhere) setUsedElsewhere((now) => new Set([...now, ...save.confirm]));
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
        addChecks([save], !online());
        setStatus((now) => (now === 'error' || now === 'pending' ? now : online() ? 'saving' : 'queued'));
      } catch {
        // No storage on this device (private browsing, a full disk): the text stays on screen.
        setError(t('answering.saveError'));
        setStatus('error');
        return;
      }
      await sendQueued(userId);
    },
    [userId, modulePath, pagePath, t, addChecks],
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

  // 'Check answer': what is still resting goes first, then this one answer (or the one handed in) counts.
  const confirm = useCallback(
    async (name: string, checking?: AnswerValue) => {
      setConfirming(name);
      // A value handed in is the answer from now on (an ordering checked as it was received).
      if (checking !== undefined) {
        touched.current.add(name);
        draftRef.current = { ...draftRef.current, [name]: checking };
        setDraft((current) => ({ ...current, [name]: checking }));
      }
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

  /** Whether the question's attempts are used up on this device, counting the checks still waiting. */
  const lockedHere = useCallback((name: string) => {
    const state = questionsRef.current[name];
    if (!state) return false;
    return effectiveAttempts(
      {
        attempts: state.attempts,
        attemptsAllowed: state.attemptsAllowed,
        locked: state.locked,
        answer: state.answer,
      },
      waitingRef.current[name] ?? noChecks,
    ).locked;
  }, []);

  const dismissUsedElsewhere = useCallback((name: string) => {
    setUsedElsewhere((now) => {
      if (!now.has(name)) return now;
      const left = new Set(now);
      left.delete(name);
      return left;
    });
  }, []);

  const change = useCallback(
    (name: string, value: AnswerValue) => {
      // A checked answer waiting to be sent is final: the question is read-only, and should a
      // change reach here anyway it is not kept (the server would refuse it).
      if (lockedHere(name)) return;
      dismissUsedElsewhere(name);
      touched.current.add(name);
      setDraft((current) => ({ ...current, [name]: value }));
      pending.current[name] = value;
      setError(null);
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DEBOUNCE_MS);
    },
    [flush, lockedHere, dismissUsedElsewhere],
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

  const checksFor = useCallback((name: string) => waitingChecks[name] ?? noChecks, [waitingChecks]);
  const checksHeld = useCallback(
    (name: string) => checks.some((check) => check.question === name && check.held && !check.until),
    [checks],
  );

  return {
    draft,
    change,
    confirm,
    confirming,
    status,
    error,
    checksFor,
    checksHeld,
    usedElsewhere,
    dismissUsedElsewhere,
  };
}
