import { describe, expect, it } from 'vitest';
import { reportedPath } from '../../client/lib/analytics-path';

/** Page views carry the route's shape, never a person. */
describe('the address a page view reports', () => {
  it.each([
    ['/', '/'],
    ['/course/srgr-basis/section/intro', '/course/srgr-basis/section/intro'],
    ['/module/m1/page/p2/', '/module/m1/page/p2'],
    ['/login?next=%2Fuser&email=eddie%40example.org', '/login'],
    ['/about#team', '/about'],
    ['/admin/users/3f2a9c1e-user-id', '/admin/users/:user'],
    ['/admin/users/3f2a9c1e/history', '/admin/users/:user/history'],
    ['/admin/results/3f2a9c1e', '/admin/results/:user'],
    ['/admin/users/new', '/admin/users/new'],
    ['/admin/users/link-existing', '/admin/users/link-existing'],
    ['/admin/users/course-certificates', '/admin/users/course-certificates'],
    ['/certificate/ABCD-1234', '/certificate/:code'],
    ['/admin/roles/eddie@example.org', '/admin/roles/:email'],
    ['/admin/roles/eddie%40example.org', '/admin/roles/:email'],
    ['/x/%E0%A4%A', '/x/%E0%A4%A'],
  ])('%s is reported as %s', (location, reported) => {
    expect(reportedPath(location)).toBe(reported);
  });
});
