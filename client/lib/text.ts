/** Shortens text to at most `max` characters, cutting at a word and ending with an ellipsis. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

/** Plain text split into paragraphs on blank lines (single line breaks stay inside a paragraph). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * An author's Markdown read as plain text, for the short excerpts on cards and lists: emphasis,
 * code, link and image marks, headings, quotes and list bullets go, their words stay.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/(?<![\p{L}\p{N}])(\*\*|__|\*|_|~~|`)(?=\S)([\s\S]*?\S)\1(?![\p{L}\p{N}])/gu, '$2');
}

/** Whether text uses Markdown beyond plain paragraphs (and so needs the Markdown renderer). */
export const hasMarkdown = (text: string) => plainText(text) !== text;

/**
 * The numbers in a text written for a language ("25 ± 0.5 %" → "25 ± 0,5 %" in Dutch), without
 * thousands separators: a year stays 1994.
 */
export function localNumbers(text: string, language: string): string {
  const format = new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 });
  return text.replace(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, (number) => format.format(Number(number)));
}
