import '../learner.css';
import './module-card.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { truncate } from '../../../lib/text';
import { imageSource } from '../../../ui/avatars';

/** Small cards cut the module's info at 128 characters (spec section 9). */
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

/** The info a card shows: cut at 128 characters with an ellipsis on small cards, whole on large ones. */
export function cardInfo(info: string, size: 'small' | 'large'): string {
  return size === 'small' ? truncate(info, smallInfoLength) : info;
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
  const image = size === 'large' ? imageSource(module.image) : null;
  return (
    <article className={`card module-card module-card--${size}`}>
      {image && <img className="module-card__image" src={image} alt={module.image?.alt ?? ''} />}
      <p className="card__eyebrow">
        <span className="badge">{t(`languages.${module.language}`)}</span>
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
