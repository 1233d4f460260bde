import type { ModuleSummary } from '../../projections/module/module-summaries';
import type { PageSummary } from '../../projections/page/page-summaries';
import type { DatabaseHandle } from '../db';

/** What a learner's screens read of a module besides their own answers: it changes only when authors work. */
export interface ModuleStructure {
  summary: ModuleSummary;
  owners: string[];
  pages: PageSummary[];
}

/**
 * This process's copy of the module structures of one database, all as of one structure version
 * (projections/module/structure-versions.ts). Every read sends the version it holds and gets the
 * structure back only when the database's differs, so an author's change on any instance reaches
 * every instance's next request. Entries stored under an older version than a concurrent request's
 * are merely re-read by the next one: the database's version decides, never this copy.
 */
export class StructureCache {
  #version: string | null = null;
  readonly #byPath = new Map<string, ModuleStructure | null>();

  constructor(readonly capacity = 500) {}

  /** The version this copy holds for the module at `path`, or null when it holds nothing for it. */
  versionOf(path: string): string | null {
    return this.#byPath.has(path) ? this.#version : null;
  }

  get(path: string): ModuleStructure | null | undefined {
    return this.#byPath.get(path);
  }

  /** Keeps what the database said `path` held at `version` (null: no such module); another version starts afresh. */
  set(version: string, path: string, structure: ModuleStructure | null) {
    if (version !== this.#version) {
      this.#byPath.clear();
      this.#version = version;
    }
    this.#byPath.delete(path);
    this.#byPath.set(path, structure);
    // The least recently stored goes first: a process keeps the modules that learners are in.
    if (this.#byPath.size > this.capacity) this.#byPath.delete(this.#byPath.keys().next().value!);
  }
}

const caches = new WeakMap<object, StructureCache>();

/**
 * The one copy of an opened database: its embedded instance, or the server target it was opened
 * with (so two instances in one test process keep two copies, as two processes would).
 */
export function structureCacheOf(database: Pick<DatabaseHandle, 'pglite' | 'target'>): StructureCache {
  const key = database.pglite ?? database.target;
  const cache = caches.get(key) ?? new StructureCache();
  caches.set(key, cache);
  return cache;
}
