import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoText } from '../../../../client/ui/info-text';

describe('an Info text as learners read it', () => {
  it('renders the Markdown an author wrote, never its marks', async () => {
    const { container } = render(
      <InfoText text={'**Belangrijk**: lees eerst\n\n- de inleiding\n- de gids'} />,
    );
    expect((await screen.findByText('Belangrijk')).tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'de inleiding',
      'de gids',
    ]);
    expect(container.textContent).not.toContain('**');
  });

  it('keeps plain text as paragraphs, without loading the Markdown renderer', () => {
    const { container } = render(<InfoText text={'Eerste alinea.\n\nTweede alinea.'} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Eerste alinea.',
      'Tweede alinea.',
    ]);
  });

  it('drops raw HTML an author typed', async () => {
    const { container } = render(<InfoText text={'*Let op* <script>alert(1)</script><b>x</b>'} />);
    await screen.findByText('Let op');
    expect(container.querySelector('script, b')).toBeNull();
  });
});
