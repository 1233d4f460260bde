import { useTranslation } from 'react-i18next';
import { type ElementChange, elementChanges, elementText } from '../../../../events/page/content-changes';
import type { PageDetails } from '../../../../events/page/events';
import { useElementChangeText } from '../../../ui/admin/element-changes';
import { TextDifference } from '../../../ui/admin/text-difference';

type Compared = Pick<PageDetails, 'name' | 'type' | 'estimatedTime' | 'content' | 'interactiveVideo'>;

function ElementDifference({ change }: { change: ElementChange }) {
  const { sentence } = useElementChangeText();
  const text = sentence(change);
  return (
    <li className={`draft-changes__item draft-changes__item--${change.kind}`}>
      <p className="draft-changes__what">{text.charAt(0).toLocaleUpperCase() + text.slice(1)}</p>
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
    <ul className="draft-changes">
      {fields.map((field) => (
        <li key={field} className="draft-changes__item draft-changes__item--changed">
          <p className="draft-changes__what">{t(`pageAdmin.draft.field.${field}`)}</p>
          <TextDifference before={String(live[field])} after={String(draft[field])} />
        </li>
      ))}
      {videoChanged && (
        <li className="draft-changes__item draft-changes__item--changed">
          <p className="draft-changes__what">{t('pageAdmin.draft.videoChanged')}</p>
        </li>
      )}
      {elements.map((change) => (
        <ElementDifference key={`${change.kind}-${change.position}`} change={change} />
      ))}
    </ul>
  );
}
