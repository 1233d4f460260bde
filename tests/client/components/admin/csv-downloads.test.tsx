import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsersRoute } from '../../../../client/features/user/admin/users';
import { csvUrl } from '../../../../client/lib/download';
import { renderApp } from '../support/render-app';
import { answerAuth, signInAs } from '../support/session';
import { admin } from '../support/users';

/** The CSV requests the page made: address and language header. */
let downloads: { url: string; language: string | undefined }[] = [];

beforeEach(async () => {
  downloads = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('/api/')) return answerAuth(input);
    downloads.push({ url, language: (init?.headers as Record<string, string> | undefined)?.['x-language'] });
    return new Response('\uFEFF"_id"\r\n', {
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="users.csv"' },
    });
  });
  // jsdom has no object URLs; the saved file itself is the server tests' and the journeys' concern.
  URL.createObjectURL = vi.fn(() => 'blob:users');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await signInAs(admin);
});
afterEach(() => {
  vi.stubGlobal('fetch', answerAuth);
  vi.restoreAllMocks();
});

describe('the CSV download buttons', () => {
  it('offers the plain CSV and the spreadsheet variant, each from the keyboard, in the interface language', async () => {
    const { user } = await renderApp(<UsersRoute />, { language: 'nl', answers: { 'user.list': [] } });
    const plain = await screen.findByRole('button', { name: 'CSV downloaden' });
    const spreadsheet = screen.getByRole('button', { name: 'Downloaden voor Excel (;)' });
    expect(spreadsheet).toHaveAccessibleDescription(/Puntkomma’s en datums als DD\/MM\/JJJJ UU:mm/);

    spreadsheet.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(downloads).toEqual([{ url: '/api/users.csv?for=spreadsheet', language: 'nl' }]),
    );
    await waitFor(() => expect(spreadsheet).toBeEnabled());

    plain.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(downloads.at(-1)).toEqual({ url: '/api/users.csv', language: 'nl' }));
  });

  it('adds the variant to an address that has a query already', () => {
    expect(csvUrl('/api/results/quiz.csv?after=2026-01-01', 'spreadsheet')).toBe(
      '/api/results/quiz.csv?after=2026-01-01&for=spreadsheet',
    );
    expect(csvUrl('/api/users.csv', 'spreadsheet')).toBe('/api/users.csv?for=spreadsheet');
    expect(csvUrl('/api/users.csv', 'plain')).toBe('/api/users.csv');
  });
});
