import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZoomRoom } from '../../../../client/features/classroom/components/zoom-room';
import { renderApp } from '../support/render-app';

const zoomJoin = { meetingNumber: '87654321098', password: 'join&me?' };
const appHref = 'zoommtg://zoom.us/join?confno=87654321098&pwd=join%26me%3F';
const browserHref = 'https://zoom.us/wc/join/87654321098?pwd=join%26me%3F';

describe('a Zoom classroom', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("outside Firefox says 'Not supported.' and offers Zoom's app and web client", async () => {
    await renderApp(<ZoomRoom zoom={null} zoomJoin={zoomJoin} />);
    expect(screen.getByText('Not supported.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in the Zoom app' })).toHaveAttribute('href', appHref);
    const browser = screen.getByRole('link', { name: 'Join from your browser' });
    expect(browser).toHaveAttribute('href', browserHref);
    expect(browser).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('in Dutch keeps the contract text and translates the links', async () => {
    await renderApp(<ZoomRoom zoom={null} zoomJoin={zoomJoin} />, { language: 'nl' });
    expect(screen.getByText('Not supported.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Openen in de Zoom-app' })).toHaveAttribute('href', appHref);
    expect(screen.getByRole('link', { name: 'Deelnemen vanuit je browser' })).toHaveAttribute(
      'href',
      browserHref,
    );
  });

  it('offers no links without join details, and in Firefox offers them below the embedded client', async () => {
    const { unmount } = await renderApp(<ZoomRoom zoom={null} zoomJoin={null} />);
    expect(screen.getByText('Not supported.')).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();

    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    await renderApp(<ZoomRoom zoom={null} zoomJoin={zoomJoin} />);
    expect(screen.queryByText('Not supported.')).not.toBeInTheDocument();
    // Without SDK keys the embedded client cannot load; Zoom's own ways in remain.
    expect(screen.getByText('Something went wrong while loading this classroom.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in the Zoom app' })).toHaveAttribute('href', appHref);
    expect(screen.getByRole('link', { name: 'Join from your browser' })).toHaveAttribute('href', browserHref);
  });
});
