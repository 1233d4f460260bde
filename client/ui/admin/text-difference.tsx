import './live-draft.css';
import { useTranslation } from 'react-i18next';
import { textChanges } from '../../../events/page/content-changes';

/** Words removed and added, marked (and named for a screen reader) as such; the rest as it was. */
export function TextDifference({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  // Each part keyed by where it starts in the text it comes from: stable while the texts are.
  let offset = 0;
  const parts = textChanges(before, after).map((part) => {
    const key = `${part.kind}-${offset}`;
    offset += part.text.length;
    return { ...part, key };
  });
  return (
    <p className="draft-changes__text">
      {parts.map((part) =>
        part.kind === 'same' ? (
          <span key={part.key}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={part.key}>
            <span className="visually-hidden">{t('pageAdmin.draft.added')} </span>
            {part.text}
          </ins>
        ) : (
          <del key={part.key}>
            <span className="visually-hidden">{t('pageAdmin.draft.removed')} </span>
            {part.text}
          </del>
        ),
      )}
    </p>
  );
}
