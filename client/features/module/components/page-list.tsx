import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LearnerModuleResult } from '../api/get-learner-module';
import { PageTime } from './estimated-time';
import { pageDone } from './page-done';
import { pageLabel } from './page-label';

type PageProgress = LearnerModuleResult['pages'][number];

/**
 * A module's pages in the participant's order: a link to each page they may open, which are done
 * (answered, or read), and for a page behind a closed gate no link but the reason in words, tied to
 * the page's name so a screen reader says both.
 */
export function PageList({
  pages,
  gate,
  hrefOf,
}: {
  pages: PageProgress[];
  gate: { gateConfig: string[] };
  hrefOf: (pagePath: string) => string;
}) {
  const { t } = useTranslation();
  const closedReason = gate.gateConfig.includes('all-correct')
    ? t('modules.pageGatedAllCorrect')
    : t('page.gated');
  return (
    <ol className="page-list">
      {pages.map((page, index) => {
        const label = pageLabel(t, page.name, index);
        const reasonId = `page-closed-${index}`;
        return (
          <li key={page.path} className="page-list__item">
            {page.reachable ? (
              <Link href={hrefOf(page.path)}>{label}</Link>
            ) : (
              <span aria-disabled="true" aria-describedby={reasonId} className="page-list__closed">
                {label}
              </span>
            )}
            <span className="page-list__time">
              {pageDone(page) && (
                <span className="page-list__state">
                  ✓ {page.questionCount > 0 ? t('answering.completed') : t('modules.pageRead')} ·{' '}
                </span>
              )}
              <PageTime seconds={page.estimatedTime} />
            </span>
            {!page.reachable && (
              <span id={reasonId} className="page-list__reason">
                {closedReason}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
