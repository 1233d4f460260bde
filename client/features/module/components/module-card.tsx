import '../learner.css';
import './module-card.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { languageName } from '../../../lib/languages';
import { plainText, truncate } from '../../../lib/text';
import { ContentImage } from '../../../ui/content-image';
import { imageSizes } from '../../../ui/images';

/** Small cards cut the module's info at 128 characters. */
export const smallInfoLength = 128;

export interface ModuleCardData {
  path: string;
  name: string;
  language: string;
  info?: string;
  test?: boolean;
  published?: boolean;
  image?: { name: string; alt: string } | null;
}

/** The info a card shows, without Markdown marks: cut at 128 characters with an ellipsis on small cards, whole on large ones. */
export function cardInfo(info: string, size: 'small' | 'large'): string {
  return size === 'small' ? truncate(plainText(info), smallInfoLength) : plainText(info);
}

/**
 * A module in a list; `base` nests the link under a course (/course/{path}). The small variant
 * (lists) shortens the info; the large one (a featured module) shows it whole, with the module's
 * image and whatever the caller adds below (`footer`).
 */
export function ModuleCard({
  module,
  base = '',
  size = 'small',
  headingLevel = 3,
  footer,
}: {
  module: ModuleCardData;
  base?: string;
  size?: 'small' | 'large';
  headingLevel?: 2 | 3;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`card module-card module-card--${size}`}>
      <ContentImage
        className="card__image"
        image={module.image}
        sizes={size === 'large' ? imageSizes.wideCard : imageSizes.card}
        largest="main"
        lazy
      />
      <p className="card__eyebrow">
        <span className="badge">{languageName(t, module.language)}</span>
        {module.test && <span className="badge badge--strong">{t('modules.test')}</span>}
        {module.published === false && <span className="badge badge--muted">{t('modules.unpublished')}</span>}
      </p>
      <Heading className="card__title" lang={module.language}>
        <Link href={`${base}/module/${module.path}`} className="card__link">
          {module.name}
        </Link>
      </Heading>
      {module.info && (
        <p className="card__text" lang={module.language}>
          {cardInfo(module.info, size)}
        </p>
      )}
      {footer}
    </article>
  );
}
