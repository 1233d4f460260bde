import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, safeReturnTo, signInHref } from '../../client/lib/return-to';

describe('safeReturnTo', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnTo('/module/srgr-kaders/page/controlevraag')).toBe(
      '/module/srgr-kaders/page/controlevraag',
    );
    expect(safeReturnTo('/course/srgr-basis/module/m/page/p?x=1#vraag')).toBe(
      '/course/srgr-basis/module/m/page/p?x=1#vraag',
    );
    expect(safeReturnTo('/')).toBe('/');
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['a full URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash further on', '/a\\..\\\\evil.example'],
    ['a tab the browser would drop', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'module/x'],
    ['the login page itself', '/login'],
    ['the login page with a query', '/login?view=reset'],
    ['the login page with a trailing slash', '/login/'],
  ])('answers the home page for %s', (_, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

describe('signInHref', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the page to come back to in the login address', () => {
    expect(signInHref('/module/srgr-kaders/page/controlevraag')).toBe(
      '/login?next=%2Fmodule%2Fsrgr-kaders%2Fpage%2Fcontrolevraag',
    );
    expect(signInHref('/about?x=1#top')).toBe('/login?next=%2Fabout%3Fx%3D1%23top');
  });

  it('is the plain login page for the home page or a path elsewhere', () => {
    expect(signInHref('/')).toBe('/login');
    expect(signInHref('//evil.example')).toBe('/login');
    expect(signInHref('/login?next=%2Fuser')).toBe('/login');
  });

  it('comes back to the current address by default', () => {
    vi.stubGlobal('window', {
      location: { pathname: '/course/c/module/m/page/p', search: '?a=b', hash: '#q1' },
    });
    expect(currentPath()).toBe('/course/c/module/m/page/p?a=b#q1');
    expect(signInHref()).toBe(`/login?next=${encodeURIComponent('/course/c/module/m/page/p?a=b#q1')}`);
  });
});
