/**
 * Text prepared for the certificate PDF's font: what the font cannot draw is replaced visibly and
 * reported, never turned into '?' silently, and lines are wrapped with the font's own widths.
 */

/** A character the font has no glyph for, and what was printed instead. */
export interface Substitution {
  codePoint: number;
  printedAs: string;
}

/** U+FFFD, the Unicode replacement character (a question mark in a diamond in DejaVu Sans). */
const replacementCharacter = '\uFFFD';

const combiningMark = /\p{M}/gu;
const invisible = /^\p{Default_Ignorable_Code_Point}$/u;
const control = /^\p{Cc}$/u;

/** 'U+00E9'. */
export function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text in its composed form (NFC: 'e' + U+0301 becomes 'é', which the font has as one glyph)
 * with each character the font lacks (`has` says which it has) replaced: by its compatibility
 * decomposition without combining marks when the font has all of that (full-width 'Ａ' → 'A',
 * '𝐀' → 'A', 'Ꞵ' has none), else by U+FFFD. Line breaks stay; other control characters become
 * spaces; invisible format characters the font lacks (zero-width joiners, direction marks) are
 * left out. Every replacement is added to `substituted`, for a warning.
 */
export function printableText(
  text: string,
  has: (codePoint: number) => boolean,
  substituted: Substitution[],
): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === '\n') out += char;
    else if (control.test(char)) out += ' ';
    else if (has(codePoint)) out += char;
    else if (invisible.test(char)) continue;
    else {
      const decomposed = char.normalize('NFKD').replace(combiningMark, '');
      const printedAs =
        decomposed && [...decomposed].every((part) => has(part.codePointAt(0) ?? 0))
          ? decomposed
          : replacementCharacter;
      substituted.push({ codePoint, printedAs });
      out += printedAs;
    }
  }
  return out;
}

/** What wrapping needs of a font. */
export interface MeasuredFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/**
 * Splits a text into lines no wider than `width` at `size`, keeping its own line breaks; a word
 * wider than the line stays whole on its own.
 */
export function wrapText(text: string, font: MeasuredFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}
