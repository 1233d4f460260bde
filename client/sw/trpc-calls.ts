/**
 * tRPC reads as the service worker keeps them: one cache entry per call, whatever batch it came in.
 * The client batches the calls a screen makes in the same moment (`/trpc/a,b?batch=1&input={"0":…}`),
 * and which calls meet in one batch depends on timing (lazy chunks, the session check): a batch's
 * address cannot be the key. Each call is kept under the address a single call of it would have
 * (`/trpc/a?input=…`), and a batch read offline is put together from its calls.
 */

/** What the learner's screens read (home, courses, modules, pages, their own progress); nothing else is kept. */
const learnerReads: ReadonlySet<string> = new Set([
  'tenant.get',
  'user.me',
  'course.list',
  'course.byPath',
  'course.team',
  'section.listByCourse',
  'module.list',
  'module.byPath',
  'module.translations',
  'translation.ofCourse',
  'page.byPath',
  'file.list',
  'link.modulesOf',
  'result.module',
  'result.page',
  'result.latestActivity',
  'certificate.forModule',
  'certificate.forCourse',
]);

/** Reads that answer the same to anyone (the tenant's configuration): kept with the app shell, not per user. */
export const publicReads: ReadonlySet<string> = new Set(['tenant.get']);

export interface Call {
  procedure: string;
  /** The address of this call made alone: its key in the cache. */
  key: string;
}

export interface Reads {
  batch: boolean;
  calls: Call[];
}

const singleAddress = (origin: string, procedure: string, input: unknown) =>
  `${origin}/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

/** The calls of a tRPC GET, or null unless every one of them is a learner's read. */
export function readsOf(url: URL): Reads | null {
  if (!url.pathname.startsWith('/trpc/')) return null;
  const procedures = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  if (!procedures.every((procedure) => learnerReads.has(procedure))) return null;
  const batch = url.searchParams.get('batch') === '1';
  if (!batch && procedures.length !== 1) return null;
  const raw = url.searchParams.get('input');
  let input: unknown;
  try {
    input = raw === null ? undefined : JSON.parse(raw);
  } catch {
    return null;
  }
  if (!batch)
    return {
      batch,
      calls: [{ procedure: procedures[0]!, key: singleAddress(url.origin, procedures[0]!, input) }],
    };
  const inputs = (input ?? {}) as Record<string, unknown>;
  if (typeof inputs !== 'object' || inputs === null) return null;
  return {
    batch,
    calls: procedures.map((procedure, index) => ({
      procedure,
      key: singleAddress(url.origin, procedure, inputs[String(index)]),
    })),
  };
}

/** One call's part of an answer: keep it, forget what was kept (the server now refuses it), or leave it. */
export type Part = { procedure: string; key: string } & ({ keep: unknown } | { forget: true });

/** Refusals that make a kept answer wrong: the learner may no longer read it, or it is gone. */
const forgetting = new Set([401, 403, 404]);

/**
 * The fields of the types a learner receives in another shape, whole in an editor's copy: a matching
 * question's pairs, an ordering question's items in their right order. The kept copy drops them (an
 * editor offline then sees such a question without its rows), as the service worker carries none of
 * the code that would reshape them.
 */
const reshapedKey: Record<string, readonly string[]> = {
  matching: ['pairs', 'distractors'],
  ordering: ['items', 'scoring', 'score'],
};

/**
 * A page's questions without their answer key, which editors receive with a page: the options'
 * scores and feedback (a gap's too), the accepted answers of typed questions and gaps, and the
 * fields of `reshapedKey`.
 */
function withoutAnswerKey(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAnswerKey);
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  const dropped = reshapedKey[String((value as { questionType?: unknown }).questionType)] ?? [];
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'accepted' || dropped.includes(key)) continue;
    copy[key] =
      key === 'options' && Array.isArray(inner)
        ? inner.map((option) => {
            if (!option || typeof option !== 'object') return option;
            const { score: _score, feedback: _feedback, ...rest } = option as Record<string, unknown>;
            return rest;
          })
        : withoutAnswerKey(inner);
  }
  return copy;
}

/**
 * What of a call's answer may stay on the device, where the next person at this computer could read
 * it: never an answer key (the scores, feedback and accepted answers a page carries for its editors), nor other people
 * (a course's participants; its team of teachers, shown to anyone who may open the course, stays).
 */
export function keptCopy(procedure: string, entry: { result?: unknown }): { result?: unknown } {
  const data = (entry.result as { data?: unknown } | undefined)?.data;
  if (!data || typeof data !== 'object') return entry;
  if (procedure === 'page.byPath' || procedure === 'result.page')
    return { ...entry, result: { ...(entry.result as object), data: withoutAnswerKey(data) } };
  if (procedure === 'course.team')
    return { ...entry, result: { ...(entry.result as object), data: { ...data, participants: null } } };
  return entry;
}

/** The parts of a tRPC answer's body to keep and to forget, call by call. */
export function partsOf(reads: Reads, body: unknown): Part[] {
  const entries = reads.batch ? body : [body];
  if (!Array.isArray(entries) || entries.length !== reads.calls.length) return [];
  const parts: Part[] = [];
  reads.calls.forEach((call, index) => {
    const entry = entries[index] as { result?: unknown; error?: { data?: { httpStatus?: unknown } } } | null;
    if (entry && typeof entry === 'object' && 'result' in entry)
      parts.push({ ...call, keep: keptCopy(call.procedure, entry) });
    else if (forgetting.has(Number(entry?.error?.data?.httpStatus))) parts.push({ ...call, forget: true });
  });
  return parts;
}

/**
 * A tRPC answer put together from kept calls, or null when none was kept. A call not kept answers
 * as tRPC answers a service that cannot be reached (503), so the screen that needs it says it could
 * not be loaded while the others show what was kept.
 */
export function answerFrom(reads: Reads, kept: (unknown | undefined)[]): unknown[] | unknown | null {
  if (kept.every((entry) => entry === undefined)) return null;
  const entries = reads.calls.map(
    (call, index) =>
      kept[index] ?? {
        error: {
          message: 'Not saved for offline reading',
          code: -32603,
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: call.procedure },
        },
      },
  );
  return reads.batch ? entries : entries[0];
}
