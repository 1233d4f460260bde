import { describe, expect, it } from 'vitest';
import type { Element } from '../../../events/page/content';
import { elementChanges, elementText, textChanges } from '../../../events/page/content-changes';

const text = (name: string, body: string): Element => ({ type: 'markdown', name, text: body });
const question = (name: string, label: string): Element => ({
  type: 'radio',
  questionType: 'single',
  name,
  label,
  schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
  options: [
    { label: 'Yes', value: 'yes', score: 1, feedback: '' },
    { label: 'No', value: 'no', score: 0, feedback: '' },
  ],
});

describe('element changes', () => {
  it('names a changed element by its position and name', () => {
    const before = [text('intro', 'A'), question('q1', 'Why?')];
    const after = [text('intro', 'A'), question('q1', 'Why not?')];
    expect(elementChanges(before, after)).toEqual([
      { kind: 'changed', position: 2, before: before[1], after: after[1] },
    ]);
  });

  it('finds added and removed elements, and moves nothing for an insertion', () => {
    const before = [text('intro', 'A'), text('outro', 'B')];
    const after = [text('intro', 'A'), question('q1', 'Why?'), text('outro', 'B')];
    expect(elementChanges(before, after)).toEqual([{ kind: 'added', position: 2, element: after[1] }]);
    expect(elementChanges(after, before)).toEqual([{ kind: 'removed', position: 2, element: after[1] }]);
  });

  it('finds a move', () => {
    const a = text('a', 'A');
    const b = text('b', 'B');
    expect(elementChanges([a, b], [b, a]).map((change) => change.kind)).toEqual(['moved', 'moved']);
  });

  it('finds nothing between equal contents', () => {
    expect(elementChanges([question('q1', 'Q')], [question('q1', 'Q')])).toEqual([]);
  });

  it('finds nothing between content stored before option feedback existed and the same content now', () => {
    const stored = question('q1', 'Q') as Extract<Element, { type: 'radio' }>;
    const older = {
      ...stored,
      options: stored.options.map(({ label, value, score }) => ({ label, value, score })),
    };
    expect(elementChanges([older as Element], [stored])).toEqual([]);
  });
});

describe('text changes', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(textChanges('Consent is given freely.', 'Consent is given freely and withdrawn.')).toEqual([
      { kind: 'same', text: 'Consent is given ' },
      { kind: 'removed', text: 'freely.' },
      { kind: 'added', text: 'freely and withdrawn.' },
    ]);
  });

  it('reads a question as its label and options', () => {
    expect(elementText(question('q1', 'Why?'))).toBe('Why?\n• Yes (1)\n• No (0)');
  });

  it('reads a number question with its accepted answers, tolerance, unit and feedback', () => {
    const year: Element = {
      type: 'numeric',
      questionType: 'numeric',
      name: 'share',
      label: 'Which share?',
      schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
      options: [],
      unit: '%',
      accepted: [{ value: 25, tolerance: 1, score: 1, feedback: 'One in four.' }],
    };
    expect(elementText(year)).toBe('Which share?\n• 25 ± 1 % (1) — One in four.');
  });
});
