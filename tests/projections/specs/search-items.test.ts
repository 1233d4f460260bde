import { describe, it } from 'vitest';
import { searchItems } from '../../../projections/search/search-items';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCourse, aModule, aPage } from './fixtures';

const text = (value: string) => [{ type: 'markdown', name: 'text', text: value }];

describe.each(databaseKinds)('search_items on %s', (kind) => {
  const spec = projectionSpec(searchItems, kind);
  const module = aModule('hygiene');
  const washing = aPage(module, 'washing');

  it('a course, a module and its page are rows, the page in its module’s language and stemmed by it', () =>
    spec
      .given(aCourse('care').created({ name: 'Care', info: 'About **mothers**.' }), module.created())
      .when(washing.created({ content: text('Hands are *washed* with soap.') }))
      .thenRows({
        search_items: [
          { kind: 'course', path: 'care', language: 'en', name: 'Care', body: 'About mothers.' },
          { kind: 'module', path: 'hygiene', module_path: null, language: 'en' },
          {
            kind: 'page',
            path: 'washing',
            module_path: 'hygiene',
            language: 'en',
            body: 'Hands are washed with soap.',
            document: "'hand':2A,3B 'soap':7B 'wash':1A,5B",
          },
        ],
      }));

  it('a module’s new language re-reads its pages with the dictionary of that language', () =>
    spec
      .given(module.created(), washing.created({ name: 'Handen', content: text('Handen wassen.') }))
      .when(module.updated({ language: 'nl' }))
      .thenRows({
        search_items: [
          { kind: 'module', language: 'nl' },
          { kind: 'page', language: 'nl', document: "'hand':1A,2B 'wass':3B" },
        ],
      }));

  it('a draft changes nothing; its published changes do', () =>
    spec
      .given(module.created({ published: true }), washing.created({ content: text('Old words.') }))
      .when(washing.draftSaved({ content: text('Draft words.') }))
      .thenRows({ search_items: [{ kind: 'module' }, { kind: 'page', body: 'Old words.' }] }));

  it('published changes replace the page’s words', () =>
    spec
      .given(module.created(), washing.created({ content: text('Old words.') }))
      .when(washing.changesPublished({ content: text('New words.') }))
      .thenRows({ search_items: [{ kind: 'module' }, { kind: 'page', body: 'New words.' }] }));

  it('a deleted page goes; a deleted module takes its pages', () => {
    const other = aModule('other');
    return spec
      .given(module.created(), other.created(), washing.created(), aPage(other, 'elsewhere').created())
      .when(module.deleted())
      .thenRows({ search_items: [{ path: 'other' }, { path: 'elsewhere', module_path: 'other' }] });
  });
});
