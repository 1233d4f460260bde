import { useTranslation } from 'react-i18next';
import type { Element } from '../../../events/page/content';
import { type ElementChange, elementChanges } from '../../../events/page/content-changes';

/**
 * A page's element changes as sentences an author reads ("element 2 (question q1) changed"): by
 * place, kind and name, as the editor shows them. The page history and "Show changes" both say it.
 */
export function useElementChangeText() {
  const { t } = useTranslation();
  const label = (position: number, element: Pick<Element, 'type' | 'name'>) =>
    t('contentChanges.elementLabel', {
      position,
      kind: t(`contentChanges.kind.${element.type}`),
      name: element.name,
    });
  const sentence = (change: ElementChange) => {
    if (change.kind === 'moved')
      return t('contentChanges.moved', {
        element: label(change.position, change.element),
        from: change.from,
      });
    const element = change.kind === 'changed' ? change.after : change.element;
    return t(`contentChanges.${change.kind}`, { element: label(change.position, element) });
  };
  return {
    sentence,
    /** Every change between two contents, in one line; null when either is not a page's content. */
    summary: (before: unknown, after: unknown): string | null => {
      if (!isContent(before) || !isContent(after)) return null;
      const changes = elementChanges(before, after);
      return changes.length > 0 ? changes.map(sentence).join('; ') : t('contentChanges.none');
    },
  };
}

const isContent = (value: unknown): value is Element[] =>
  Array.isArray(value) &&
  value.every((item) => item !== null && typeof item === 'object' && 'name' in item && 'type' in item);
