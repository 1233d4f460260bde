import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { languageName } from '../../../lib/languages';
import type { RouterOutputs } from '../../../lib/trpc';
import { useLanguage } from '../../../lib/use-language';

type Result = RouterOutputs['search']['query'][number];

/** What a search found, each labelled by its kind, the words found marked in its passage. */
export function SearchResults({ results, labelledBy }: { results: Result[]; labelledBy: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ol className="search-results" aria-labelledby={labelledBy}>
      {results.map((result) => (
        <li key={result.path} className="search-result">
          <p className="search-result__kind">
            {t(`search.kind.${result.kind}`)}
            {result.moduleName && ` · ${t('search.inModule', { module: result.moduleName })}`}
            {result.language !== language && ` · ${languageName(t, result.language)}`}
          </p>
          <h2 className="search-result__name">
            <Link href={result.path}>{result.name}</Link>
          </h2>
          {result.snippet.length > 0 && (
            <p className="search-result__snippet">
              {result.snippet.map((part, index) =>
                part.match ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
                  <mark key={index}>{part.text}</mark>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
                  <span key={index}>{part.text}</span>
                ),
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
