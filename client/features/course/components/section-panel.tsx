import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import type { CourseSection } from '../../../lib/course-sections';
import type { SectionTiming } from '../../../lib/section-timing';
import { useTrackSeen } from '../../../lib/tracking/use-track-seen';
import { InfoText } from '../../../ui/info-text';
import { ItemHeader } from '../../../ui/item-header';
import type { CourseParts } from '../parts';
import { TimingBadge } from './section-list';

/**
 * One section's tab: what it is about, when and where, whether it is past, next or to come, its
 * live part, modules and documents.
 */
export function SectionPanel({
  section,
  coursePath,
  timing,
  now,
  parts: { LivePart, LinkedModules, LinkedFiles },
}: {
  section: CourseSection;
  coursePath: string;
  timing?: SectionTiming;
  now: Date;
  parts: Pick<CourseParts, 'LivePart' | 'LinkedModules' | 'LinkedFiles'>;
}) {
  const { t } = useTranslation();
  useTrackSeen('sections', section.path);
  const parent = { parentType: 'section', parentPath: section.path } as const;
  const classroom = section.classroom;
  return (
    <div className="section-panel" lang={section.language}>
      <ItemHeader image={section.image}>
        <h2>{section.name}</h2>
        {timing && (
          <p className="section-panel__timing">
            <TimingBadge timing={timing} />
          </p>
        )}
      </ItemHeader>
      <InfoText text={section.info} />
      {(section.date || section.location || section.teacher) && (
        <dl className="facts">
          {section.date && (
            <div>
              <dt>{t('sections.date')}</dt>
              <dd>{formatDate(section.date)}</dd>
            </div>
          )}
          {section.location && (
            <div>
              <dt>{t('courses.location')}</dt>
              <dd>{section.location}</dd>
            </div>
          )}
          {section.teacher && (
            <div>
              <dt>{t('courses.teacher')}</dt>
              <dd>{section.teacher}</dd>
            </div>
          )}
        </dl>
      )}
      {classroom && <LivePart section={{ ...section, classroom }} coursePath={coursePath} now={now} />}
      <LinkedModules parent={parent} base={`/course/${coursePath}`} />
      <LinkedFiles parent={parent} />
    </div>
  );
}
