import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageDraftPanel } from '../../../../client/features/page/admin/page-draft';
import type { Element } from '../../../../events/page/content';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { admin } from '../support/users';

const question = (label: string): Element => ({
  type: 'radio',
  questionType: 'single',
  name: 'q1',
  label,
  schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
  options: [
    { label: 'Yes', value: 'yes', score: 1, feedback: '' },
    { label: 'No', value: 'no', score: 0, feedback: '' },
  ],
});
const page = {
  pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0401',
  path: 'consent',
  parentPath: 'consent-module',
  position: 0,
  name: 'Consent',
  type: 'question' as const,
  content: [
    { type: 'markdown' as const, name: 'intro', text: 'Consent is given freely.' },
    question('Is it ongoing?'),
  ],
  interactiveVideo: null,
  estimatedTime: 60,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const draft = {
  ...page,
  content: [
    page.content[0]!,
    question('Can consent be withdrawn?'),
    { type: 'markdown' as const, name: 'outro', text: 'Ask again.' },
  ],
  savedAt: '2026-11-28T11:00:00.000Z',
  savedBy: admin._id,
};

/** A live page's draft in the editor (docs/adr/0019-drafts-of-live-content.md). */
describe('the draft of a live page', () => {
  beforeEach(async () => {
    await signInAs(admin);
    // jsdom has <dialog> without its modal methods: open and close it as the browser would.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  const render = (done: string[] = []) =>
    renderApp(
      <PageDraftPanel
        page={page}
        draft={draft}
        preview={(shown) => <p>Preview of {shown.name}</p>}
        onDone={(notice) => done.push(notice)}
      />,
      {
        answers: {
          'page.publishChanges': ({ path }) => ({ path }),
          'page.discardDraft': ({ path }) => ({ path }),
        },
      },
    );

  it('says learners still see the published version, and shows the changes element by element', async () => {
    const { user } = await render();
    expect(
      screen.getByRole('heading', { name: 'Draft — learners still see the published version' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show changes' }));
    expect(screen.getByRole('button', { name: 'Show changes' })).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('region', { name: /What the draft changes/ });
    const items = within(changes).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('paragraph')[0]?.textContent)).toEqual([
      'Element 2 (question q1) changed',
      'Element 3 (text outro) added',
    ]);
    expect(within(items[0]!).getByText('Is', { selector: 'del' })).toBeInTheDocument();
    expect(items[0]!.querySelector('ins')).toHaveTextContent('added: Can');
  });

  it('previews the draft through the view it is given', async () => {
    const { user } = await render();
    await user.click(screen.getByRole('button', { name: 'Preview as a learner' }));
    expect(screen.getByText('Preview of Consent')).toBeVisible();
  });

  it('publishes only after a confirmation, then says so', async () => {
    const done: string[] = [];
    const { user } = await render(done);
    await user.click(screen.getByRole('button', { name: 'Publish changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the changes?' });
    expect(callsTo('page.publishChanges')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('page.publishChanges')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish changes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish changes' }));
    expect(callsTo('page.publishChanges')).toEqual([{ path: 'consent' }]);
    expect(done).toEqual(['The changes are published: learners see them now.']);
  });

  it('discards after a confirmation', async () => {
    const done: string[] = [];
    const { user } = await render(done);
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard the draft?' })).getByRole('button', {
        name: 'Discard draft',
      }),
    );
    expect(callsTo('page.discardDraft')).toEqual([{ path: 'consent' }]);
    expect(done).toEqual(['The draft has been discarded.']);
  });
});
