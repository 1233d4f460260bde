import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PageFormValues, pageFormValues } from '../../../../client/features/page/admin/editor/elements';
import { PageEditor } from '../../../../client/features/page/admin/editor/page-editor';
import { ApiError } from '../../../../client/lib/http';
import type { InterfaceLanguage } from '../../../../client/lib/languages';
import { renderApp } from '../support/render-app';

/**
 * The page editor on a new question page; what it saves is kept in `saved`, unless `refusal` is
 * given: then the save fails with it, as the server's refusal of the page.
 */
async function showEditor(language: InterfaceLanguage = 'en', refusal?: Error) {
  const saved: PageFormValues[] = [];
  const view = await renderApp(
    <PageEditor
      defaultValues={pageFormValues({ name: 'Quiz', type: 'question' })}
      submitLabel="Save"
      save={async (values) => {
        if (refusal) throw refusal;
        saved.push(values);
        return 'Saved.';
      }}
    />,
    { language },
  );
  return { ...view, saved };
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
const settings = { autoShow: false, attempts: 0, info: '', maxScore: 1 };

// Much typing in a simulated browser: a loaded machine needs more than the default 10 s.
describe('the page editor: matching, ordering and fill-in-the-blanks questions', { timeout: 40_000 }, () => {
  it('adds a matching question whose pairs and extra match keep their ids as rows come and go', async () => {
    const { user, saved } = await showEditor();
    await user.click(screen.getByRole('button', { name: '+ Matching' }));
    const question = within(card('1. Matching'));
    await user.type(question.getByRole('textbox', { name: 'Question' }), 'Match the organ');
    await user.type(question.getByRole('textbox', { name: 'Pair 1: prompt' }), 'Heart');
    await user.type(question.getByRole('textbox', { name: 'Pair 1: right match' }), 'Pumps blood');
    await user.type(question.getByRole('textbox', { name: 'Pair 2: prompt' }), 'Lungs');
    await user.type(question.getByRole('textbox', { name: 'Pair 2: right match' }), 'Breathe');
    await user.click(question.getByRole('button', { name: 'Add pair' }));
    await user.type(question.getByRole('textbox', { name: 'Pair 3: prompt' }), 'Kidneys');
    await user.type(question.getByRole('textbox', { name: 'Pair 3: right match' }), 'Filter blood');
    await user.type(question.getByRole('textbox', { name: /^Feedback for pair 3/ }), 'Right.');
    await user.click(question.getByRole('button', { name: 'Remove pair 1' }));
    await user.click(question.getByRole('button', { name: 'Add extra match' }));
    await user.type(question.getByRole('textbox', { name: 'Extra match 1' }), 'Digests');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    expect(saved[0]?.content).toEqual([
      {
        type: 'matching',
        questionType: 'matching',
        name: 'match-the-organ',
        label: 'Match the organ',
        schema: settings,
        options: [],
        pairs: [
          { value: 'pair2', prompt: 'Lungs', match: 'Breathe', score: 1, feedback: '' },
          { value: 'pair3', prompt: 'Kidneys', match: 'Filter blood', score: 1, feedback: 'Right.' },
        ],
        distractors: [{ value: 'distractor1', label: 'Digests' }],
      },
    ]);
  });

  it('refuses a matching question with one pair under its pairs, in Dutch', async () => {
    const { user, saved } = await showEditor('nl');
    await user.click(screen.getByRole('button', { name: '+ Koppelen' }));
    const question = within(card('1. Koppelen'));
    await user.click(question.getByRole('button', { name: 'Paar 2 verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await question.findByText('Geef minstens twee paren.')).toBeVisible();
    expect(question.getByRole('textbox', { name: 'Paar 1: begrip' })).toHaveAccessibleDescription(
      'Dit veld is verplicht.',
    );
    expect(saved).toEqual([]);
  });

  it('orders items with the arrow buttons, the focus staying with the moved item, scored per item', async () => {
    const { user, saved } = await showEditor();
    await user.click(screen.getByRole('button', { name: '+ Ordering' }));
    const question = within(card('1. Ordering'));
    await user.type(question.getByRole('textbox', { name: 'Question' }), 'Put the steps in order');
    await user.type(question.getByRole('textbox', { name: 'Item 1' }), 'Wash hands');
    await user.type(question.getByRole('textbox', { name: 'Item 2' }), 'Dry hands');
    await user.click(question.getByRole('button', { name: 'Add item' }));
    await user.type(question.getByRole('textbox', { name: 'Item 3' }), 'Wet hands');
    // Wet hands goes first, by keyboard: Enter on its up button twice.
    question.getByRole('button', { name: 'Move item 3 up' }).focus();
    await user.keyboard('{Enter}');
    expect(question.getByRole('textbox', { name: 'Item 2' })).toHaveValue('Wet hands');
    await waitFrame();
    expect(question.getByRole('button', { name: 'Move item 2 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFrame();
    // At the top its up button is disabled: the focus moves to its down button.
    expect(question.getByRole('button', { name: 'Move item 1 up' })).toBeDisabled();
    expect(question.getByRole('button', { name: 'Move item 1 down' })).toHaveFocus();
    expect(question.getByText('This question scores at most 1.')).toBeVisible();
    await user.click(question.getByRole('radio', { name: 'For each item in its place' }));
    await user.clear(question.getByRole('spinbutton', { name: 'Score per item in its place' }));
    await user.type(question.getByRole('spinbutton', { name: 'Score per item in its place' }), '2');
    expect(question.getByText('This question scores at most 6.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    expect(saved[0]?.content).toEqual([
      {
        type: 'ordering',
        questionType: 'ordering',
        name: 'put-the-steps-in-order',
        label: 'Put the steps in order',
        schema: settings,
        options: [],
        items: [
          { value: 'item3', label: 'Wet hands' },
          { value: 'item1', label: 'Wash hands' },
          { value: 'item2', label: 'Dry hands' },
        ],
        scoring: 'position',
        score: 2,
      },
    ]);
  });

  it('inserts blanks at the cursor, turns one into a list and removes another, the text kept in step', async () => {
    const { user, saved } = await showEditor();
    await user.click(screen.getByRole('button', { name: '+ Fill in the blanks' }));
    const question = within(card('1. Fill in the blanks'));
    await user.type(question.getByRole('textbox', { name: 'Question' }), 'Complete the sentence');
    const text = question.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text with blanks' });
    // The new question's text is its one blank: the author writes around it.
    expect(text).toHaveValue('[[1]]');
    await user.type(text, 'The capital of Belgium is ', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    await user.type(text, ', of France');
    await user.click(question.getByRole('button', { name: 'Insert blank' }));
    expect(text).toHaveValue('The capital of Belgium is [[1]], of France [[2]]');
    await waitFrame();
    expect(text).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Blank 2 inserted.');
    await user.type(text, '.');
    await user.type(question.getByRole('textbox', { name: 'Blank 1, answer 1: text' }), 'Brussels');

    const second = within(question.getByRole('group', { name: 'Blank 2' }));
    await user.type(second.getByRole('textbox', { name: 'Blank 2, answer 1: text' }), 'Paris');
    await user.click(second.getByRole('radio', { name: 'choosing from a list' }));
    // The typed answer became the first option; the second is to fill in.
    expect(second.getByRole('textbox', { name: 'Blank 2, option 1: text' })).toHaveValue('Paris');
    await user.type(second.getByRole('textbox', { name: 'Blank 2, option 2: text' }), 'Lyon');

    // A blank before both: it becomes blank 1 and the others move up; removing it moves them back.
    text.setSelectionRange(0, 0);
    await user.click(question.getByRole('button', { name: 'Insert blank' }));
    expect(text).toHaveValue('[[1]] The capital of Belgium is [[2]], of France [[3]].');
    expect(question.getByRole('textbox', { name: 'Blank 2, answer 1: text' })).toHaveValue('Brussels');
    await user.click(question.getByRole('button', { name: 'Remove blank 1' }));
    expect(text).toHaveValue('The capital of Belgium is [[1]], of France [[2]].');
    await user.click(question.getByRole('button', { name: 'Remove blank 1' }));
    expect(text).toHaveValue('The capital of Belgium is, of France [[1]].');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Blank 1 removed; the ones after it are renumbered.',
    );
    expect(question.getByRole('button', { name: 'Insert blank' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    expect(saved[0]?.content).toEqual([
      {
        type: 'fillBlanks',
        questionType: 'fillBlanks',
        name: 'complete-the-sentence',
        label: 'Complete the sentence',
        schema: settings,
        options: [],
        text: 'The capital of Belgium is, of France [[1]].',
        gaps: [
          {
            kind: 'select',
            options: [
              { label: 'Paris', value: 'option1', score: 1, feedback: '' },
              { label: 'Lyon', value: 'option2', score: 0, feedback: '' },
            ],
          },
        ],
      },
    ]);
  });

  it('says at the text when it is out of step with the blanks, in French', async () => {
    const { user, saved } = await showEditor('fr');
    await user.click(screen.getByRole('button', { name: '+ Texte à trous' }));
    const question = within(card('1. Texte à trous'));
    await user.type(question.getByRole('textbox', { name: 'Question' }), 'Complétez');
    const text = question.getByRole('textbox', { name: 'Texte à trous' });
    await user.clear(text);
    await user.type(text, 'Pas de trou ici.');
    expect(question.getByText("Le texte n'a pas de [[1]] pour ce trou.")).toBeVisible();
    await user.type(question.getByRole('textbox', { name: 'Trou 1, réponse 1 : texte' }), 'oui');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(text).toHaveAccessibleDescription(/Placez chaque trou une fois dans le texte/);
    expect(saved).toEqual([]);
  });

  it("shows the server's refusal of the blanks at the text", async () => {
    const refusal = new ApiError(400, 'Please check the marked fields.', 'validation', [
      {
        path: 'page.content.0.text',
        key: 'pageErrors.gapsMismatch',
        message: 'Put each blank in the text once.',
      },
    ]);
    const { user } = await showEditor('nl', refusal);
    await user.click(screen.getByRole('button', { name: '+ Invullen' }));
    const question = within(card('1. Invullen'));
    await user.type(question.getByRole('textbox', { name: 'Vraag' }), 'Vul in');
    await user.type(question.getByRole('textbox', { name: 'Open plek 1, antwoord 1: tekst' }), 'ja');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await question.findByText(/^Zet elke open plek één keer in de tekst/)).toBeVisible();
    expect(question.getByRole('textbox', { name: 'Tekst met open plekken' })).toHaveAccessibleDescription(
      /Zet elke open plek één keer in de tekst, als \[\[1\]\], \[\[2\]\]… in volgorde\.$/,
    );
  });
});

const waitFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
