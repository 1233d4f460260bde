import '../learner.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { truncate } from '../../../lib/text';

/** Small cards cut the module's info at 128 characters (spec section 9). */
const smallInfoLength = 128;

export interface ModuleCardData {
  path: string;
  name: string;
  language: string;
  info?: string;
  test?: boolean;
  published?: boolean;
}

/** A module in a list; `base` nests the link under a course (/course/{path}). */
export function ModuleCard({ module, base = '' }: { module: ModuleCardData; base?: string }) {
  const { t } = useTranslation();
  return (
    <article className="card module-card">
      <p className="card__eyebrow">
        <span className="badge">{t(`languages.${module.language}`)}</span>
        {module.test && <span className="badge badge--strong">{t('modules.test')}</span>}
        {module.published === false && <span className="badge badge--muted">{t('modules.unpublished')}</span>}
      </p>
      <h3 className="card__title" lang={module.language}>
        <Link href={`${base}/module/${module.path}`} className="card__link">
          {module.name}
        </Link>
      </h3>
      {module.info && (
        <p className="card__text" lang={module.language}>
          {truncate(module.info, smallInfoLength)}
        </p>
      )}
    </article>
  );
}
