import type { AnswerValue } from '../../../../events/result/answers';
import { addSave, type QueuedSave, removeSave, savesOf } from '../../../lib/answer-queue-store';
import { api, errorCode, errorKey, errorMessage, type RouterOutputs } from '../../../lib/trpc';

/**
 * The answer queue's sender (docs/development/client-offline.md): sends a user's queued saves one
 * at a time, oldest first, whenever the connection allows (at once, on the browser's `online`
 * event, and after a failure again and again with a growing pause). The server applies each save's
 * idempotency key at most once, so sending one again after a lost answer is harmless. A save the
 * server refuses (attempts used up meanwhile on another device, say) leaves the queue and is
 * reported with the server's reason; anything else (no network, a restarting server, too many
 * requests) is tried again.
 */

export type SavedState = RouterOutputs['result']['save'];

export type QueueEvent =
  /** `left`: the save left the queue (false when later drafts joined it meanwhile: it goes again). */
  | { type: 'sent'; save: QueuedSave; saved: SavedState; left: boolean }
  /** `key`: the refusal's i18n key, e.g. 'result.noAttemptsLeft' when another device used the attempt. */
  | { type: 'refused'; save: QueuedSave; message: string | null; key: string | null }
  /** Sending stopped for now: the saves left wait on this device. */
  | { type: 'waiting'; userId: string };

/** Refusals a second try cannot change: the save leaves the queue and the learner is told why. */
const refusals = new Set(['BAD_REQUEST', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'PRECONDITION_FAILED']);
const firstPauseMs = 1_000;
const longestPauseMs = 60_000;
const lockName = 'srhr-answer-queue';
const requestTimeoutMs = 20_000;

const listeners = new Set<(event: QueueEvent) => void>();
let pause = firstPauseMs;
let retry: ReturnType<typeof setTimeout> | undefined;
let current: { userId: string; run: Promise<void>; again: boolean } | null = null;
let lastUser: string | null = null;

export function subscribeToQueue(listener: (event: QueueEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const emit = (event: QueueEvent) => {
  for (const listener of listeners) listener(event);
};

export const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Keeps a save on this device, under a fresh idempotency key; `sendQueued` sends it. */
export function queueSave(
  userId: string,
  target: { module: string; page: string },
  answers: Record<string, AnswerValue>,
  confirm: string[],
): Promise<QueuedSave> {
  return addSave({ userId, ...target, answers, confirm, idempotencyKey: crypto.randomUUID() });
}

/** The saves of one page still waiting on this device, oldest first (they survive a reload). */
export async function queuedSavesOf(userId: string, module: string, page: string): Promise<QueuedSave[]> {
  return (await savesOf(userId)).filter((save) => save.module === module && save.page === page);
}

/**
 * Sends the user's queued saves. One run at a time per tab, and one tab at a time (Web Locks), so
 * saves leave in the order they were made; a call during a run makes the run look again at its end.
 */
export function sendQueued(userId: string): Promise<void> {
  lastUser = userId;
  if (current && current.userId === userId) {
    current.again = true;
    return current.run;
  }
  const state = { userId, again: false, run: Promise.resolve() };
  state.run = (async () => {
    do {
      state.again = false;
      await exclusively(() => sendAll(userId));
    } while (state.again);
  })().finally(() => {
    if (current === state) current = null;
  });
  current = state;
  return state.run;
}

async function exclusively(work: () => Promise<void>) {
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(lockName, work);
  else await work();
}

async function sendAll(userId: string) {
  clearTimeout(retry);
  for (;;) {
    const [save] = await savesOf(userId);
    if (!save) {
      pause = firstPauseMs;
      return;
    }
    if (!online()) {
      emit({ type: 'waiting', userId });
      return; // the `online` event sends again
    }
    try {
      const saved = await api.result.save.mutate(
        {
          module: save.module,
          page: save.page,
          result: { answers: save.answers, confirm: save.confirm },
          idempotencyKey: save.idempotencyKey,
        },
        // A request hanging on a bad connection would hold the queue (and the other tabs') for
        // minutes: give up and try again. The server may have taken it meanwhile; the key makes the
        // second copy change nothing.
        { signal: AbortSignal.timeout(requestTimeoutMs) },
      );
      const left = await removeSave(save);
      pause = firstPauseMs;
      emit({ type: 'sent', save, saved, left });
    } catch (failure) {
      if (refusals.has(errorCode(failure) ?? '')) {
        await removeSave(save);
        emit({ type: 'refused', save, message: errorMessage(failure), key: errorKey(failure) });
        continue;
      }
      emit({ type: 'waiting', userId });
      retry = setTimeout(() => void sendQueued(userId), pause);
      pause = Math.min(pause * 2, longestPauseMs);
      return;
    }
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    pause = firstPauseMs;
    if (lastUser) void sendQueued(lastUser);
  });
}
