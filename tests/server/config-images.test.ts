import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('IMAGE_MAX_MEGAPIXELS', () => {
  it('defaults to 50 megapixels and takes a number from 1 to 1000', () => {
    expect(loadConfig({}).IMAGE_MAX_MEGAPIXELS).toBe(50);
    expect(loadConfig({ IMAGE_MAX_MEGAPIXELS: '12.5' }).IMAGE_MAX_MEGAPIXELS).toBe(12.5);
  });

  it.each(['0', '-5', 'many', '5000'])('refuses %j with a message naming the variable', (value) => {
    expect(() => loadConfig({ IMAGE_MAX_MEGAPIXELS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ IMAGE_MAX_MEGAPIXELS: value })).toThrow(/IMAGE_MAX_MEGAPIXELS/);
  });
});
