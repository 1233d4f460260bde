import { describe, expect, it } from 'vitest';
import type { Element } from '../../../events/page/content';
import { pageText, plainText, snippetParts } from '../../../projections/search/searchable-text';

describe('searchable text', () => {
  it('reads Markdown as the words a reader sees', () => {
    expect(
      plainText('## Title\n\n- **bold** and _em_ [a link](https://x.example) ![alt](/i.png) `code`'),
    ).toBe('Title bold and em a link alt code');
    expect(plainText('no \uE000fake\uE001 marks <b>tags</b>')).toBe('no fake marks tags');
  });

  it('takes a page’s text and questions as asked, never an answer key', () => {
    const content = [
      { type: 'markdown', name: 't', text: 'Read *this*.' },
      { type: 'video', name: 'v', url: 'https://video.example/secret' },
      {
        type: 'radio',
        questionType: 'single',
        name: 'q',
        label: 'Which one?',
        schema: { autoShow: false, attempts: 1, info: 'INFO-KEY', maxScore: 1 },
        options: [{ label: 'OPTION-KEY', value: 'a', score: 1, feedback: 'FEEDBACK-KEY' }],
      },
      {
        type: 'fillBlanks',
        questionType: 'fillBlanks',
        name: 'f',
        label: 'Fill in',
        schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
        options: [],
        text: 'The [[1]] is blue.',
        gaps: [{ kind: 'text', accepted: [{ text: 'GAP-KEY', score: 1, feedback: '' }] }],
      },
    ] as unknown as Element[];
    expect(pageText(content)).toBe('Read this.\nWhich one?\nFill in The is blue.');
  });

  it('splits a passage at its match markers', () => {
    expect(snippetParts('a \uE000word\uE001 and \uE000more\uE001')).toEqual([
      { text: 'a ', match: false },
      { text: 'word', match: true },
      { text: ' and ', match: false },
      { text: 'more', match: true },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});
