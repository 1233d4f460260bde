import type { TFunction } from 'i18next';

/** A page's name, or 'Pagina n' when a test module hides page names (anonymousPages). */
export const pageLabel = (t: TFunction, name: string | null, index: number) =>
  name ?? t('answering.anonymousPage', { position: index + 1 });
