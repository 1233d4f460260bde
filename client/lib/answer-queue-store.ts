import type { AnswerValue } from '../../events/result/answers';

/**
 * The answer queue's storage (docs/development/client-offline.md): saves of answers kept in
 * IndexedDB until the server has taken them, so a failed request, a reload or a closed tab loses
 * nothing the learner typed. One entry per save, in the order they were made (the key path's
 * auto-increment), each with the idempotency key the server applies at most once. Raw IndexedDB
 * behind a few promises: the queue needs four operations, not a library. Lives in lib/ because
 * sign-out (lib/session.ts) empties it.
 */
export interface QueuedSave {
  id: number;
  userId: string;
  module: string;
  page: string;
  answers: Record<string, AnswerValue>;
  /** Questions whose answer this save confirms ('Check answer'); empty: drafts only. */
  confirm: string[];
  idempotencyKey: string;
}

/**
 * The answers a save checks, question by question, in the order asked: a check is a save whose
 * `confirm` names its question, a draft save checks nothing. Read back per question after a reload,
 * so the page counts a check still waiting as the attempt it will be.
 */
export const checksIn = (
  save: Pick<QueuedSave, 'answers' | 'confirm'>,
): { question: string; answer: AnswerValue }[] =>
  save.confirm.flatMap((question) => {
    const answer = save.answers[question];
    return answer === undefined ? [] : [{ question, answer }];
  });

const databaseName = 'srhr-answer-queue';
const storeName = 'saves';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(storeName, { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab may delete or upgrade the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opened = null;
      reject(request.error);
    };
  });
  return opened;
}

/** Runs `work` in one transaction on the store and resolves once it has committed. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => T | Promise<T>) {
  const db = await database();
  const transaction = db.transaction(storeName, mode);
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
  const result = await work(transaction.objectStore(storeName));
  await committed;
  return result;
}

const settled = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * Queues a save. Drafts typed while the last queued save of the same page is also drafts join it
 * (so an hour offline is one entry per page, not one per pause), under a fresh key: should the old
 * entry be on its way meanwhile, the joined one is still sent after it, and `removeSave` leaves it.
 */
export function addSave(save: Omit<QueuedSave, 'id'>): Promise<QueuedSave> {
  return inStore('readwrite', async (store) => {
    const cursor = await settled(store.openCursor(null, 'prev'));
    const last = cursor?.value as QueuedSave | undefined;
    if (
      last &&
      save.confirm.length === 0 &&
      last.confirm.length === 0 &&
      last.userId === save.userId &&
      last.module === save.module &&
      last.page === save.page
    ) {
      const joined = {
        ...last,
        answers: { ...last.answers, ...save.answers },
        idempotencyKey: save.idempotencyKey,
      };
      await settled(store.put(joined));
      return joined;
    }
    const id = await settled(store.add(save));
    return { ...save, id: id as number };
  });
}

/** A user's queued saves, oldest first. */
export function savesOf(userId: string): Promise<QueuedSave[]> {
  return inStore('readonly', async (store) =>
    ((await settled(store.getAll())) as QueuedSave[]).filter((save) => save.userId === userId),
  );
}

/**
 * Removes a save the server took or refused, unless it was joined by later drafts since (a new key):
 * then it stays to be sent again, and the answer is false.
 */
export function removeSave(save: QueuedSave): Promise<boolean> {
  return inStore('readwrite', async (store) => {
    const current = (await settled(store.get(save.id))) as QueuedSave | undefined;
    if (current?.idempotencyKey !== save.idempotencyKey) return false;
    await settled(store.delete(save.id));
    return true;
  });
}

/** Sign-out: nothing of the person stays readable on this device. */
export async function clearAnswerQueue(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await inStore('readwrite', (store) => settled(store.clear()));
}
