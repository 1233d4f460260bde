import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue } from '../../../../events/result/answers';
import { errorMessage } from '../../../lib/trpc';
import type { LearnerQuestion } from '../api/get-learner-page';
import { useSaveAnswers } from '../api/save-answers';

/** How long answers rest before they are saved (spec section 9: result save debounce). */
export const SAVE_DEBOUNCE_MS = 500;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** What the form shows: the participant's draft, else the confirmed answer, else nothing. */
const initialDraft = (questions: Record<string, LearnerQuestion>) =>
  Object.fromEntries(
    Object.values(questions).map((question) => [
      question.name,
      question.draft ?? question.answer ?? (question.questionType === 'multiple' ? [] : ''),
    ]),
  ) as Record<string, AnswerValue>;

/**
 * The answers of one page as the participant edits them. Changes rest 500 ms, then go to the server
 * together (as drafts for questions with limited attempts, which spend nothing); saves never
 * overlap, and leaving the page sends what is still waiting. `confirm` checks one answer, which
 * spends an attempt. A refused save puts the server's answers back and says why.
 */
export function useAnswerForm(
  modulePath: string,
  pagePath: string,
  questions: Record<string, LearnerQuestion>,
) {
  const { t } = useTranslation();
  const save = useSaveAnswers(modulePath, pagePath);
  const [draft, setDraft] = useState(() => initialDraft(questions));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const pending = useRef<Record<string, AnswerValue>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const latest = useRef(questions);
  latest.current = questions;

  const send = useCallback(
    async (answers: Record<string, AnswerValue>, confirm: string[] = []): Promise<void> => {
      setStatus('saving');
      const run = save.mutateAsync({ answers, confirm }).then(
        () => {
          setError(null);
          setStatus(Object.keys(pending.current).length > 0 ? 'pending' : 'saved');
        },
        (failure: unknown) => {
          setError(errorMessage(failure) ?? t('answering.saveError'));
          setStatus('error');
          // What the server holds is the truth: show it again for the refused answers.
          setDraft((current) => ({
            ...current,
            ...initialDraft(pick(latest.current, Object.keys(answers))),
          }));
        },
      );
      inFlight.current = run;
      await run;
      inFlight.current = null;
    },
    [save, t],
  );

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    while (inFlight.current) await inFlight.current;
    const answers = pending.current;
    pending.current = {};
    if (Object.keys(answers).length === 0) return;
    await send(answers);
  }, [send]);

  // 'Check answer': what is still resting goes first, then this one answer counts.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const confirm = useCallback(
    async (name: string) => {
      setConfirming(name);
      try {
        await flush();
        while (inFlight.current) await inFlight.current;
        const value = draftRef.current[name];
        if (value !== undefined) await send({ [name]: value }, [name]);
      } finally {
        setConfirming(null);
      }
    },
    [flush, send],
  );

  const change = useCallback(
    (name: string, value: AnswerValue) => {
      setDraft((current) => ({ ...current, [name]: value }));
      pending.current[name] = value;
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  // Leaving the page within the debounce still saves; closing the tab first asks.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(
    () => () => {
      if (timer.current) void flushRef.current();
    },
    [],
  );
  useEffect(() => {
    if (status !== 'pending' && status !== 'saving') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  return { draft, change, confirm, confirming, status, error };
}

const pick = (questions: Record<string, LearnerQuestion>, names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (questions[name] ? [[name, questions[name]]] : [])));
