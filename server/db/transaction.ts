import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';

const insideTransaction = new AsyncLocalStorage<true>();

export class OuterDbInTransactionError extends Error {
  constructor() {
    super(
      'The outer database handle was used inside a transaction. Use the transaction handle (trx): ' +
        'on PGlite the outer handle waits for the transaction and hangs forever.',
    );
  }
}

function isInsideTransaction(): boolean {
  return insideTransaction.getStore() === true;
}

/**
 * Wraps the outer Kysely instance so that touching it inside `transaction()` throws at once
 * instead of deadlocking on PGlite (and silently escaping the transaction on PostgreSQL).
 */
export function guardOuterDb<DB>(db: Kysely<DB>): Kysely<DB> {
  return new Proxy(db, {
    get(target, property) {
      if (isInsideTransaction() && property !== 'then') throw new OuterDbInTransactionError();
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs `work` in one transaction; the only way application code opens one. */
export function transaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (isInsideTransaction()) throw new OuterDbInTransactionError();
  return db.transaction().execute((trx) => insideTransaction.run(true, () => work(trx)));
}
