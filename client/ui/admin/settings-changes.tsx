import { useTranslation } from 'react-i18next';
import { useShowValue } from './history';
import type { DraftTexts } from './live-draft';
import { TextDifference } from './text-difference';

/**
 * "Show changes" of a settings draft: each field the draft changes against the settings learners
 * see, in the form's order; the words of long texts marked, other values as before → after.
 */
export function SettingsChanges<T extends Record<string, unknown>>({
  live,
  draft,
  fields,
  texts,
  wordFields,
}: {
  live: T;
  draft: T;
  fields: readonly (keyof T & string)[];
  texts: DraftTexts;
  /** The fields whose change is shown word by word. */
  wordFields: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const show = useShowValue();
  const changed = fields.filter((field) => JSON.stringify(live[field]) !== JSON.stringify(draft[field]));
  if (changed.length === 0) return <p className="muted">{t(`${texts}.draft.noChanges`)}</p>;
  return (
    <ul className="draft-changes">
      {changed.map((field) => (
        <li key={field} className="draft-changes__item draft-changes__item--changed">
          <p className="draft-changes__what">{t(`history.fields.${field}` as 'history.fields.name')}</p>
          {wordFields.has(field) ? (
            <TextDifference before={String(live[field] ?? '')} after={String(draft[field] ?? '')} />
          ) : (
            <p className="draft-changes__text">
              {show(live[field], field)} → {show(draft[field], field)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
