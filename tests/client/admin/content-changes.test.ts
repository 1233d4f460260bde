import { matchQuery, type Query } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dependsOnUser, queryClient, trpc } from '../../../client/lib/trpc-query';
import { contentChanges } from '../../../client/ui/admin/api/content-mutation';

// The tRPC client names the interface language, and loading the language sets the page's `lang`:
// the one part of a browser page the modules above touch when imported.
vi.hoisted(() => vi.stubGlobal('document', { documentElement: {} }));

/** A query in the cache as a screen would leave it (never fetched here). */
const cached = (options: { queryKey: readonly unknown[] }): Query =>
  queryClient.getQueryCache().build(queryClient, { queryKey: options.queryKey });

const queries = {
  courseList: cached(trpc.course.list.queryOptions({ onAdmin: true })),
  course: cached(trpc.course.byPath.queryOptions({ path: 'basis' })),
  sections: cached(trpc.section.listByCourse.queryOptions({ path: 'basis' })),
  moduleList: cached(trpc.module.list.queryOptions({ onAdmin: true })),
  module: cached(trpc.module.byPath.queryOptions({ path: 'begrippen' })),
  pages: cached(trpc.page.listByModule.queryOptions({ path: 'begrippen' })),
  page: cached(trpc.page.editable.queryOptions({ path: 'wat-is-srgr' })),
  linkedModules: cached(trpc.link.modulesOf.queryOptions({ parentType: 'course', parentPath: 'basis' })),
  files: cached(trpc.file.list.queryOptions({})),
  users: cached(trpc.user.list.queryOptions({})),
  me: cached(trpc.user.me.queryOptions()),
  tenant: cached(trpc.tenant.get.queryOptions()),
};
type Name = keyof typeof queries;

const staleAfter = (kind: keyof typeof contentChanges): Name[] =>
  (Object.keys(queries) as Name[]).filter((name) =>
    contentChanges[kind]().some((filter) => matchQuery(filter, queries[name])),
  );

describe('what a content change makes stale', () => {
  it('a course change: the courses, their sections and the module lists (usedIn), nothing of pages or users', () => {
    expect(staleAfter('course')).toEqual(['courseList', 'course', 'sections', 'moduleList']);
  });

  it('a page change: the pages and the module showing them, not the courses', () => {
    expect(staleAfter('page')).toEqual(['moduleList', 'module', 'pages', 'page']);
  });

  it('a link change: what lists linked items, not the items themselves', () => {
    expect(staleAfter('link')).toEqual(['moduleList', 'linkedModules', 'files']);
  });

  it('a module change: the modules, their pages list and the lists linking them', () => {
    expect(staleAfter('module')).toEqual(['moduleList', 'module', 'pages', 'linkedModules']);
  });
});

describe('a change of who is signed in', () => {
  it('resets everything but the tenant configuration', () => {
    const reset = (Object.keys(queries) as Name[]).filter((name) => dependsOnUser(queries[name]));
    expect(reset).toEqual((Object.keys(queries) as Name[]).filter((name) => name !== 'tenant'));
  });
});
