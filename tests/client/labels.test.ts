import { describe, expect, it } from 'vitest';
import { distinctLabels } from '../../client/lib/labels';

describe('labels that tell copies apart', () => {
  it('adds the path only where two items share a name', () => {
    const labels = distinctLabels([
      { name: 'Consent', path: 'consent' },
      { name: 'Consent', path: 'consent-copy' },
      { name: 'Contraception', path: 'contraception' },
    ]);
    expect([...labels.values()]).toEqual(['Consent (consent)', 'Consent (consent-copy)', 'Contraception']);
  });
});
