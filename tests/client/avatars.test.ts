import { describe, expect, it } from 'vitest';
import { avatarLimit, initialsOf, splitAvatars } from '../../client/ui/avatars';
import { imageSource } from '../../client/ui/images';

const people = (count: number) => Array.from({ length: count }, (_, index) => `person-${index + 1}`);

describe('avatar lists (10 users, then +N)', () => {
  it('shows everyone up to ten', () => {
    expect(avatarLimit).toBe(10);
    expect(splitAvatars(people(0))).toEqual({ shown: [], more: 0 });
    expect(splitAvatars(people(3))).toEqual({ shown: people(3), more: 0 });
    expect(splitAvatars(people(10))).toEqual({ shown: people(10), more: 0 });
  });

  it('shows the first ten and counts the rest', () => {
    expect(splitAvatars(people(11))).toEqual({ shown: people(10), more: 1 });
    const many = splitAvatars(people(57));
    expect(many.shown).toEqual(people(10));
    expect(many.more).toBe(47);
  });

  it('makes initials of a name', () => {
    expect(initialsOf('An Peeters')).toBe('AP');
    expect(initialsOf('  grace  ')).toBe('G');
    expect(initialsOf('Marie-Claire van der Berg')).toBe('MB');
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('?');
  });

  it('uses an image name as its address only when it is one', () => {
    expect(imageSource({ name: '/files/0190/tess.jpg' })).toBe('/files/0190/tess.jpg');
    expect(imageSource({ name: 'https://example.org/a.png' })).toBe('https://example.org/a.png');
    expect(imageSource({ name: 'tess.jpg' })).toBeNull();
    expect(imageSource({ name: 'javascript:alert(1)' })).toBeNull();
    expect(imageSource({ name: '  ' })).toBeNull();
    expect(imageSource(null)).toBeNull();
  });
});
