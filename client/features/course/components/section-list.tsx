import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDate, formatDateTime } from '../../../../events/shared/dates';
import type { CourseSection } from '../../../lib/course-sections';
import { classroomHref } from '../../../lib/section-links';
import type { ClassifiedSection, SectionTiming } from '../../../lib/section-timing';
import { plainText, truncate } from '../../../lib/text';

/** How much of a section's info its panel shows; the section's own tab has all of it. */
const panelInfoLength = 280;

/** When a section happens: its classroom's start (in GMT+1), else its date. */
function sectionWhen(section: CourseSection): string {
  const start = section.classroom?.startdate;
  return start ? formatDateTime(start) : formatDate(section.date);
}

export function TimingBadge({ timing }: { timing: SectionTiming }) {
  const { t } = useTranslation();
  return (
    <span className={`badge section-timing section-timing--${timing}`}>
      {t(`courseView.timing.${timing}`)}
    </span>
  );
}

/**
 * The course's sections in timing order (docs/guide/live-classrooms.md) as an accordion: a live one
 * highlighted and open with its join button, the next one open, the future ones closed, the past
 * ones greyed out and disabled (their tab still leads to them and their recordings).
 */
export function SectionList({
  sections,
  coursePath,
}: {
  sections: ClassifiedSection<CourseSection>[];
  coursePath: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="section-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('courseView.sections')}</h2>
      <ol className="section-list__items">
        {sections.map(({ section, timing }) => (
          <SectionItem key={section.path} section={section} timing={timing} coursePath={coursePath} />
        ))}
      </ol>
    </section>
  );
}

function SectionItem({
  section,
  timing,
  coursePath,
}: {
  section: CourseSection;
  timing: SectionTiming;
  coursePath: string;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const past = timing === 'past';
  const [open, setOpen] = useState(timing === 'next' || timing === 'live');
  const expanded = open && !past;
  return (
    <li className={`section-item section-item--${timing}`} lang={section.language}>
      <h3 className="section-item__heading">
        <button
          type="button"
          className="section-item__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-disabled={past || undefined}
          onClick={past ? undefined : () => setOpen(!open)}
        >
          <span className="section-item__name">{section.name}</span>
          <span className="section-item__meta">
            <span className="section-item__when">{sectionWhen(section)}</span>
            <TimingBadge timing={timing} />
            {/* Only its editors are given an unpublished section: learners do not see it. */}
            {!section.published && <span className="badge badge--muted">{t('modules.unpublished')}</span>}
          </span>
        </button>
      </h3>
      <div id={panelId} className="section-item__panel" hidden={!expanded}>
        {section.info && <p>{truncate(plainText(section.info), panelInfoLength)}</p>}
        {section.location && (
          <p className="muted">
            {t('courses.location')}: {section.location}
          </p>
        )}
        <p className="action-bar">
          {timing === 'live' && section.classroom && (
            <Link
              href={classroomHref(coursePath, section.path, section.classroom.name)}
              className="button button--small"
              aria-label={t('classroom.joinNamed', { name: section.classroom.name })}
            >
              {t('classroom.join')}
            </Link>
          )}
          <Link
            href={`/course/${coursePath}/section/${section.path}`}
            className={`button button--small${timing === 'live' ? ' button--ghost' : ''}`}
            aria-label={t('courseView.openSectionNamed', { name: section.name })}
          >
            {t('courseView.openSection')}
          </Link>
        </p>
      </div>
    </li>
  );
}
