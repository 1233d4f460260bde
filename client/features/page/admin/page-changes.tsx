import { useTranslation } from 'react-i18next';
import {
  type ElementChange,
  elementChanges,
  elementText,
  textChanges,
} from '../../../../events/page/content-changes';
import type { PageDetails } from '../../../../events/page/events';
import { useElementChangeText } from '../../../ui/admin/element-changes';

type Compared = Pick<PageDetails, 'name' | 'type' | 'estimatedTime' | 'content' | 'interactiveVideo'>;

/** Words removed and added, marked (and named for a screen reader) as such; the rest as it was. */
function TextDifference({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  // Each part keyed by where it starts in the text it comes from: stable while the texts are.
  let offset = 0;
  const parts = textChanges(before, after).map((part) => {
    const key = `${part.kind}-${offset}`;
    offset += part.text.length;
    return { ...part, key };
  });
  return (
    <p className="page-changes__text">
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

function ElementDifference({ change }: { change: ElementChange }) {
  const { sentence } = useElementChangeText();
  const text = sentence(change);
  return (
    <li className={`page-changes__item page-changes__item--${change.kind}`}>
      <p className="page-changes__what">{text.charAt(0).toLocaleUpperCase() + text.slice(1)}</p>
      {change.kind === 'changed' && (
        <TextDifference before={elementText(change.before)} after={elementText(change.after)} />
      )}
      {change.kind === 'added' && <TextDifference before="" after={elementText(change.element)} />}
      {change.kind === 'removed' && <TextDifference before={elementText(change.element)} after="" />}
    </li>
  );
}

/**
 * "Show changes": the draft against the page learners see, field by field and element by element
 * (changed, added, removed, moved), with the words that differ marked.
 */
export function PageChanges({ live, draft }: { live: Compared; draft: Compared }) {
  const { t } = useTranslation();
  const elements = elementChanges(live.content, draft.content);
  const fields = (['name', 'type', 'estimatedTime'] as const).filter((field) => live[field] !== draft[field]);
  const videoChanged = JSON.stringify(live.interactiveVideo) !== JSON.stringify(draft.interactiveVideo);
  if (fields.length === 0 && elements.length === 0 && !videoChanged)
    return <p className="muted">{t('pageAdmin.draft.noChanges')}</p>;
  return (
    <ul className="page-changes">
      {fields.map((field) => (
        <li key={field} className="page-changes__item page-changes__item--changed">
          <p className="page-changes__what">{t(`pageAdmin.draft.field.${field}`)}</p>
          <TextDifference before={String(live[field])} after={String(draft[field])} />
        </li>
      ))}
      {videoChanged && (
        <li className="page-changes__item page-changes__item--changed">
          <p className="page-changes__what">{t('pageAdmin.draft.videoChanged')}</p>
        </li>
      )}
      {elements.map((change) => (
        <ElementDifference key={`${change.kind}-${change.position}`} change={change} />
      ))}
    </ul>
  );
}
