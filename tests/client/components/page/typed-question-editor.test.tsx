import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PageFormValues, pageFormValues } from '../../../../client/features/page/admin/editor/elements';
import { PageEditor } from '../../../../client/features/page/admin/editor/page-editor';
import type { InterfaceLanguage } from '../../../../client/lib/languages';
import { renderApp } from '../support/render-app';

/** The page editor on a new question page; what it saves is kept in `saved`. */
async function showEditor(language: InterfaceLanguage = 'en') {
  const saved: PageFormValues[] = [];
  const view = await renderApp(
    <PageEditor
      defaultValues={pageFormValues({ name: 'Quiz', type: 'question' })}
      submitLabel="Save"
      save={async (values) => {
        saved.push(values);
        return 'Saved.';
      }}
    />,
    { language },
  );
  return { ...view, saved };
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

describe('the page editor: numeric and short-answer questions', () => {
  it('adds a numeric question with a unit and two accepted answers, a decimal with a comma', async () => {
    const { user, saved } = await showEditor();
    await user.click(screen.getByRole('button', { name: '+ Numeric' }));
    const question = within(card('1. Numeric'));
    await user.type(question.getByRole('textbox', { name: 'Question' }), 'In which year did the law change?');
    await user.type(question.getByRole('textbox', { name: /^Unit/ }), 'AD');
    await user.type(question.getByRole('textbox', { name: 'Answer 1: value' }), '1994');
    await user.click(question.getByRole('button', { name: 'Add accepted answer' }));
    await user.type(question.getByRole('textbox', { name: 'Answer 2: value' }), '1993,5');
    await user.clear(question.getByRole('textbox', { name: 'Answer 2: tolerance (±)' }));
    await user.type(question.getByRole('textbox', { name: 'Answer 2: tolerance (±)' }), '0.5');
    await user.type(question.getByRole('textbox', { name: /^Feedback for answer 2/ }), 'Almost.');
    // Maximum score is for open questions only: a typed answer scores by its accepted answers.
    expect(question.queryByRole('spinbutton', { name: 'Maximum score' })).not.toBeInTheDocument();
    await user.clear(question.getByRole('spinbutton', { name: 'Attempts' }));
    await user.type(question.getByRole('spinbutton', { name: 'Attempts' }), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    expect(saved[0]?.content).toEqual([
      {
        type: 'numeric',
        questionType: 'numeric',
        name: 'in-which-year-did-the-law-change',
        label: 'In which year did the law change?',
        schema: { autoShow: false, attempts: 1, info: '', maxScore: 1 },
        options: [],
        accepted: [
          { value: 1994, tolerance: 0, score: 1, feedback: '' },
          { value: 1993.5, tolerance: 0.5, score: 0, feedback: 'Almost.' },
        ],
        unit: 'AD',
      },
    ]);
  });

  it('says what is wrong next to the field, in the interface language', async () => {
    const { user, saved } = await showEditor('nl');
    await user.click(screen.getByRole('button', { name: '+ Getal' }));
    const question = within(card('1. Getal'));
    await user.type(question.getByRole('textbox', { name: 'Vraag' }), 'Hoeveel?');
    await user.type(question.getByRole('textbox', { name: 'Antwoord 1: waarde' }), 'veel');
    await user.clear(question.getByRole('textbox', { name: 'Antwoord 1: marge (±)' }));
    await user.type(question.getByRole('textbox', { name: 'Antwoord 1: marge (±)' }), '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await question.findByRole('textbox', { name: 'Antwoord 1: waarde' })).toHaveAccessibleDescription(
      'Typ een getal, bijvoorbeeld 12,5.',
    );
    expect(question.getByRole('textbox', { name: 'Antwoord 1: marge (±)' })).toHaveAccessibleDescription(
      'De marge kan niet negatief zijn.',
    );

    await user.click(question.getByRole('button', { name: 'Antwoord 1 verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await question.findByText('Geef minstens één aanvaard antwoord.')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('adds a short-answer question whose case matters, with the wildcard explained', async () => {
    const { user, saved } = await showEditor();
    await user.click(screen.getByRole('button', { name: '+ Short answer' }));
    const question = within(card('1. Short answer'));
    expect(question.getByText(/A \* stands for any characters/)).toBeVisible();
    await user.type(
      question.getByRole('textbox', { name: 'Question' }),
      'Which word means saying yes freely?',
    );
    await user.type(question.getByRole('textbox', { name: 'Answer 1: text' }), 'consent');
    await user.click(question.getByRole('button', { name: 'Add accepted answer' }));
    await user.type(question.getByRole('textbox', { name: 'Answer 2: text' }), 'consen*');
    await user.type(question.getByRole('textbox', { name: /^Feedback for answer 2/ }), 'Nearly.');
    await user.click(question.getByRole('checkbox', { name: 'Case matters' }));
    expect(question.getByRole('checkbox', { name: 'Accents matter' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    expect(saved[0]?.content).toEqual([
      {
        type: 'shortText',
        questionType: 'short',
        name: 'which-word-means-saying-yes-freely',
        label: 'Which word means saying yes freely?',
        schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
        options: [],
        accepted: [
          { text: 'consent', score: 1, feedback: '' },
          { text: 'consen*', score: 0, feedback: 'Nearly.' },
        ],
        caseSensitive: true,
        accentSensitive: false,
      },
    ]);
  });

  it('refuses an empty accepted text next to it', async () => {
    const { user, saved } = await showEditor();
    await user.click(screen.getByRole('button', { name: '+ Short answer' }));
    const question = within(card('1. Short answer'));
    await user.type(question.getByRole('textbox', { name: 'Question' }), 'Which word?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await question.findByRole('textbox', { name: 'Answer 1: text' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(saved).toEqual([]);
  });
});
