import type { Element } from '../../events/page/content';

/**
 * Characters ts_headline puts around a match (private-use code points): the client splits on them
 * and renders the parts as text. They are taken out of what is indexed, so content never fakes one.
 */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const MARKERS = /[\uE000\uE001]/g;

/**
 * Markdown as words a reader sees: a link or image keeps its text, not its address; the signs of
 * emphasis, headings, lists, quotes and code are dropped; HTML tags (never rendered) too.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(MARKERS, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a page shows every reader, as searchable text: its text blocks and the questions as asked
 * (a fill-in text without its gaps). Never an answer key: no option, score, feedback, accepted
 * answer, pair, item or gap, and no info shown only once attempts are used up.
 */
export function pageText(content: readonly Element[]): string {
  return content
    .map((element) => {
      switch (element.type) {
        case 'markdown':
          return plainText(element.text);
        case 'video':
          return '';
        case 'fillBlanks':
          return `${plainText(element.label)} ${plainText(element.text.replace(/\[\[\d+\]\]/g, ' '))}`;
        default:
          return plainText(element.label);
      }
    })
    .filter((text) => text !== '')
    .join('\n');
}

/** A passage's parts in order, each a match of the words searched or not. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** Splits a ts_headline passage at its markers, so no reader ever parses markup. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of snippet.split(MATCH_START).entries()) {
    const [matched, rest] = index === 0 ? [null, piece] : splitOnce(piece, MATCH_END);
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)];
}
