import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageContent } from '../../../../client/features/module/components/page-content';
import type { PublicElement } from '../../../../events/page/content';
import { renderApp } from '../support/render-app';

const video = (tracks: { language: 'nl' | 'fr' | 'en'; url: string; label: string }[]): PublicElement => ({
  type: 'video',
  name: 'clip',
  url: '/files/0190/clip.mp4',
  tracks,
});
const tracks = [
  { language: 'nl', url: '/files/0191/nl.vtt', label: '' },
  { language: 'en', url: '/files/0192/en.vtt', label: 'English (CC)' },
] as const;

const show = (element: PublicElement, language: 'nl' | 'fr' | 'en') =>
  renderApp(<PageContent elements={[element]} renderQuestion={() => null} />, { language });

describe('captions on a video', () => {
  it('gives the video a subtitles track per language and shows the one in the interface language', async () => {
    const { container, user } = await show(video([...tracks]), 'nl');
    const elements = [...container.querySelectorAll('video > track')];
    expect(
      elements.map((track) => [
        track.getAttribute('kind'),
        track.getAttribute('srclang'),
        track.getAttribute('label'),
        track.getAttribute('src'),
      ]),
    ).toEqual([
      ['subtitles', 'nl', 'Nederlands', '/files/0191/nl.vtt'],
      ['subtitles', 'en', 'English (CC)', '/files/0192/en.vtt'],
    ]);
    const select = screen.getByRole('combobox', { name: 'Ondertiteling' });
    expect(select).toHaveValue('nl');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Uit', 'Nederlands', 'English (CC)']);
    await user.selectOptions(select, 'English (CC)');
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'Uit');
    expect(select).toHaveValue('off');
  });

  it('shows none when no track is in the interface language, and no selector without tracks', async () => {
    const first = await show(video([...tracks]), 'fr');
    expect(screen.getByRole('combobox', { name: 'Sous-titres' })).toHaveValue('off');
    first.unmount();
    const { container } = await show(video([]), 'nl');
    expect(container.querySelector('video')).not.toBeNull();
    expect(container.querySelectorAll('track')).toHaveLength(0);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
