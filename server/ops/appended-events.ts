import type { PipelineDeps } from '../../events/command';
import type { StoredEvent } from '../../events/store';

type Listener = (events: StoredEvent[]) => void;

const listenersOf = new WeakMap<PipelineDeps, Set<Listener>>();

/**
 * Calls `listener` with the events every command appends through `pipeline`, once their transaction
 * has committed (a rolled-back or retried attempt reports nothing). Wraps the pipeline's
 * `transaction` and `project` in place, once per pipeline, so every writer that holds the pipeline
 * (HTTP, jobs, scripts) is seen. Returns the function that stops listening.
 */
export function onEventsAppended(pipeline: PipelineDeps, listener: Listener): () => void {
  let listeners = listenersOf.get(pipeline);
  if (!listeners) {
    const all = new Set<Listener>();
    listeners = all;
    listenersOf.set(pipeline, all);
    const { transaction, project } = pipeline;
    const appendedIn = new WeakMap<object, StoredEvent[]>();
    pipeline.project = async (trx, events) => {
      await project(trx, events);
      appendedIn.get(trx)?.push(...events);
    };
    pipeline.transaction = async (work) => {
      let appended: StoredEvent[] = [];
      const result = await transaction((trx) => {
        appended = [];
        appendedIn.set(trx, appended);
        return work(trx);
      });
      if (appended.length > 0) for (const notify of all) notify(appended);
      return result;
    };
  }
  listeners.add(listener);
  const registered = listeners;
  return () => registered.delete(listener);
}
