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

/** A page's elements as this participant meets them: questions and their options shuffled if set. */
export function arrangeContent<T extends { name: string; options?: readonly unknown[] }>(
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
    isQuestion(element) && element.options
      ? { ...element, options: seededShuffle(element.options, `${seed}:${pageId}:${element.name}:answers`) }
      : element,
  );
}
