/**
 * The per-participant order of a test module (docs/guide/gating-and-tests.md#tests-and-exams): a
 * shuffle seeded by the participant and the item, so the order is the same on every reload and
 * every device, and differs between participants. Pure: the same seed always gives the same order.
 */

/** FNV-1a: a 32-bit hash of the seed text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle of a copy of `items`, driven by `seed`. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const next = generator(hash(seed));
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Shuffles only the items `pick` selects, among the places they hold: a page's questions move
 * between question places, its texts and videos stay where the author put them.
 */
function shuffleInPlace<T>(items: readonly T[], pick: (item: T) => boolean, seed: string): T[] {
  const places = items.flatMap((item, index) => (pick(item) ? [index] : []));
  const shuffled = seededShuffle(
    places.map((index) => items[index] as T),
    seed,
  );
  const result = [...items];
  places.forEach((place, i) => {
    result[place] = shuffled[i] as T;
  });
  return result;
}

/** What a module's kind says about shuffling (a normal module has `randomized` empty). */
export interface Arrangement {
  moduleId: string;
  test: boolean;
  randomized: readonly ('pages' | 'questions' | 'answers')[];
}

const shuffles = (module: Arrangement, what: Arrangement['randomized'][number]) =>
  module.test && module.randomized.includes(what);

/** The module's pages in the order this participant meets them. */
export function arrangePages<T extends { pageId: string }>(
  module: Arrangement,
  pages: readonly T[],
  seed: string,
): T[] {
  return shuffles(module, 'pages') ? seededShuffle(pages, `${seed}:${module.moduleId}:pages`) : [...pages];
}

/**
 * The seed of a page's answer orders the learner receives (content.ts `withoutAnswerKey`): matches
 * and ordering items per participant when the module shuffles answers, otherwise none.
 */
export const answersSeed = (module: Arrangement, pageId: string, seed: string) =>
  shuffles(module, 'answers') ? `${seed}:${pageId}` : undefined;

type Shuffled = {
  name: string;
  options?: readonly unknown[];
  pairs?: readonly unknown[];
  gaps?: readonly unknown[];
};

/** A question's own lists shuffled: its options, a matching question's prompts, a gap's choices. */
function shuffleAnswers<T extends Shuffled>(element: T, seed: string): T {
  const at = `${seed}:${element.name}`;
  const gaps = element.gaps?.map((gap, index) => {
    const options = (gap as { options?: readonly unknown[] }).options;
    return options ? { ...(gap as object), options: seededShuffle(options, `${at}:gap${index}`) } : gap;
  });
  return {
    ...element,
    ...(element.options ? { options: seededShuffle(element.options, `${at}:answers`) } : {}),
    ...(element.pairs ? { pairs: seededShuffle(element.pairs, `${at}:prompts`) } : {}),
    ...(gaps ? { gaps } : {}),
  };
}

/** A page's elements as this participant meets them: questions and their options shuffled if set. */
export function arrangeContent<T extends Shuffled>(
  module: Arrangement,
  pageId: string,
  elements: readonly T[],
  seed: string,
): T[] {
  const isQuestion = (element: T) => Array.isArray(element.options) && 'questionType' in element;
  const ordered = shuffles(module, 'questions')
    ? shuffleInPlace(elements, isQuestion, `${seed}:${pageId}:questions`)
    : [...elements];
  if (!shuffles(module, 'answers')) return ordered;
  return ordered.map((element) =>
    isQuestion(element) ? shuffleAnswers(element, `${seed}:${pageId}`) : element,
  );
}
