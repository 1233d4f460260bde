import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch as useQueryString } from 'wouter';
import { useLanguage } from '../../../lib/use-language';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useSearch } from '../api/search';
import { SearchResults } from '../components/search-results';
import './search.css';

/** /search?q=…: the courses, modules and pages holding the words, for a signed-in reader. */
export function SearchRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('search.title'));
  return (
    <>
      <h1 id="page-title">{t('search.title')}</h1>
      <SignedInOnly>{() => <SearchScreen />}</SignedInOnly>
    </>
  );
}

function SearchScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const q = (new URLSearchParams(useQueryString()).get('q') ?? '').trim().slice(0, 100);
  const [typed, setTyped] = useState(q);
  // A search from the header while this page is open shows its words here too.
  useEffect(() => setTyped(q), [q]);
  const search = useSearch(q, language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim();
    if (words !== '') navigate(`/search?q=${encodeURIComponent(words)}`);
  };

  return (
    <>
      <search className="search-page__form">
        <form onSubmit={submit}>
          <label htmlFor="search-page-q">{t('search.label')}</label>
          <div className="search-page__row">
            <input
              id="search-page-q"
              type="search"
              name="q"
              maxLength={100}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="button">
              {t('search.submit')}
            </button>
          </div>
        </form>
      </search>
      <section aria-busy={search.isFetching} aria-labelledby="search-results-title">
        <h2 id="search-results-title" className="visually-hidden">
          {t('search.results')}
        </h2>
        {q === '' ? (
          <Empty>{t('search.prompt')}</Empty>
        ) : search.isPending ? (
          <Loading label={t('search.loading')} />
        ) : search.isError ? (
          <ErrorPanel
            message={t('search.error')}
            onRetry={() => void search.refetch()}
            error={search.error}
          />
        ) : search.data.length === 0 ? (
          <p className="status status--empty" role="status">
            {t('search.noResults', { q })}
          </p>
        ) : (
          <>
            <p className="search-page__count" role="status">
              {t('search.count', { count: search.data.length, q })}
            </p>
            <SearchResults results={search.data} labelledBy="search-results-title" />
          </>
        )}
      </section>
    </>
  );
}
