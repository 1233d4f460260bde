/**
 * The combining marks (accents) Unicode decomposition splits off letters, as a regular-expression
 * class: the same set in JavaScript and in PostgreSQL's regexp_replace, so a search folded on both
 * sides agrees ('nguyen' finds 'Nguyễn').
 */
export const combiningMarks = '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]';

const marks = new RegExp(combiningMarks, 'g');

/** Text without accents or case: 'Émile' and 'emile' read alike. */
export const foldText = (text: string) => text.normalize('NFD').replace(marks, '').toLowerCase();
