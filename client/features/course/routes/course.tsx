import '../course.css';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../../../lib/auth';
import { useCourseCertificate } from '../../../lib/course-certificate';
import { useSections } from '../../../lib/course-sections';
import { classifySections } from '../../../lib/section-timing';
import { useTrackSeen } from '../../../lib/tracking/use-track-seen';
import { errorCode } from '../../../lib/trpc';
import { AvatarList } from '../../../ui/avatar-list';
import { ItemHeader } from '../../../ui/item-header';
import { ItemQuery } from '../../../ui/item-query';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { TranslationSwitch } from '../../../ui/translation-switch';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type Course, useCourse } from '../api/get-course';
import { type CourseTeam, useCourseTeam } from '../api/get-course-team';
import { CourseInfo } from '../components/course-info';
import { SectionList } from '../components/section-list';
import { SectionPanel } from '../components/section-panel';
import { TeamMembers, TeamPanel, useAvatarPeople } from '../components/team';
import type { CourseParts } from '../parts';

export type CourseTab =
  | { kind: 'info' }
  | { kind: 'section'; sectionPath: string }
  | { kind: 'team' }
  | { kind: 'certificate' };

/**
 * /course/:coursePath, /course/:coursePath/section/:sectionPath, /course/:coursePath/team and
 * /course/:coursePath/certificate: the course with its tabs: Info, one per published section in
 * timing order (docs/guide/live-classrooms.md), Team when the course has owners (and shows its
 * team), and Your Certificate when the user holds one. The address of a tab the course does not
 * have (an unknown section, Team without a team, Your Certificate without a certificate) says that
 * tab does not exist. What other features draw on the page comes in `parts`.
 */
export function CourseRoute({
  coursePath,
  tab = { kind: 'info' },
  parts,
}: {
  coursePath: string;
  tab?: CourseTab;
  parts: CourseParts;
}) {
  const { t } = useTranslation();
  const course = useCourse(coursePath);
  // A path that cannot be a course path (BAD_REQUEST) names no course either.
  const code = course.isError ? errorCode(course.error) : null;
  const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(
    course.data?.name ?? (notFound ? t('courses.notFound') : course.isError ? t('courses.loadOneError') : ''),
  );

  return (
    <ItemQuery
      query={course}
      notFound={t('courses.notFound')}
      loadError={t('courses.loadOneError')}
      backHref="/course"
      backLabel={t('courses.title')}
    >
      {(data) => <CourseTabs course={data} tab={tab} parts={parts} />}
    </ItemQuery>
  );
}

function CourseTabs({ course, tab, parts }: { course: Course; tab: CourseTab; parts: CourseParts }) {
  const { LinkedModules, LinkedFiles, CertificateTab } = parts;
  const { t } = useTranslation();
  useTrackSeen('courses', course.path);
  const sections = useSections(course.path);
  const team = useCourseTeam(course.path);
  const session = useSession();
  const certificate = useCourseCertificate(course.path, Boolean(session.user));
  // The moment the course was opened decides what is past; it stays put while the page is open.
  const [now] = useState(() => new Date());
  const timed = classifySections(sections.data ?? [], now);
  const owners = course.showTeam ? (team.data?.owners ?? []) : [];
  // Your Certificate is a tab only for someone holding the course certificate (not revoked).
  const certified = Boolean(certificate.data && certificate.data.status !== 'revoked');
  const sectionPath = tab.kind === 'section' ? tab.sectionPath : undefined;
  const current = sectionPath ? timed.find((entry) => entry.section.path === sectionPath) : undefined;
  const base = `/course/${course.path}`;

  const tabLink = (href: string, label: string, selected: boolean) => (
    <li key={href}>
      <Link href={href} aria-current={selected ? 'page' : undefined} className="tabs__tab">
        {label}
      </Link>
    </li>
  );

  return (
    <article className="course">
      <ItemHeader image={course.image}>
        <h1 lang={course.language}>{course.name}</h1>
        {/* Only its editors open an unpublished course, or see its unpublished sections. */}
        {!course.published && <span className="badge badge--muted">{t('modules.unpublished')}</span>}
        <TranslationSwitch kind="course" path={course.path} hrefOf={(path) => `/course/${path}`} />
      </ItemHeader>
      <nav className="tabs" aria-label={t('courses.tabs')}>
        <ul>
          {tabLink(base, t('courses.info'), tab.kind === 'info')}
          {certified &&
            tabLink(`${base}/certificate`, t('certificates.course.tab'), tab.kind === 'certificate')}
          {timed.map(({ section, timing }) => (
            <li key={section.path}>
              <Link
                href={`${base}/section/${section.path}`}
                aria-current={section.path === sectionPath ? 'page' : undefined}
                className={`tabs__tab tabs__tab--${timing}`}
                lang={section.language}
              >
                {section.name}
                {!section.published && <span className="muted"> ({t('modules.unpublished')})</span>}
                {timing === 'past' && (
                  <span className="visually-hidden"> ({t('courseView.timing.past')})</span>
                )}
              </Link>
            </li>
          ))}
          {owners.length > 0 && tabLink(`${base}/team`, t('courseView.team'), tab.kind === 'team')}
        </ul>
      </nav>
      {tab.kind === 'info' ? (
        <>
          <CourseInfo course={course} team={team.data} />
          {sections.isError ? (
            <ErrorPanel
              message={t('sections.loadError')}
              onRetry={() => void sections.refetch()}
              error={sections.error}
            />
          ) : (
            timed.length > 0 && <SectionList sections={timed} coursePath={course.path} />
          )}
          {owners.length > 0 && <TeamPanel owners={owners} />}
          <LinkedModules parent={{ parentType: 'course', parentPath: course.path }} base={base} />
          <LinkedFiles parent={{ parentType: 'course', parentPath: course.path }} />
        </>
      ) : tab.kind === 'team' ? (
        // Typed in without owners to show (or with the team hidden): no such tab, as for any other.
        team.isSuccess && owners.length === 0 ? (
          <TabNotFound text={t('courseView.tabNotFound')} />
        ) : (
          <TeamTab course={course} team={team} />
        )
      ) : tab.kind === 'certificate' ? (
        session.status === 'loading' || (session.user && certificate.isPending) ? (
          <div aria-busy="true">
            <Loading />
          </div>
        ) : session.user && certificate.isError ? (
          <ErrorPanel
            message={t('certificates.loadError')}
            onRetry={() => void certificate.refetch()}
            error={certificate.error}
          />
        ) : certified ? (
          <Suspense fallback={<Loading />}>
            <CertificateTab coursePath={course.path} />
          </Suspense>
        ) : (
          <TabNotFound text={t('courseView.tabNotFound')} />
        )
      ) : sections.isPending ? (
        <Loading />
      ) : sections.isError ? (
        <ErrorPanel
          message={t('sections.loadError')}
          onRetry={() => void sections.refetch()}
          error={sections.error}
        />
      ) : current ? (
        <SectionPanel
          section={current.section}
          coursePath={course.path}
          timing={current.timing}
          now={now}
          parts={parts}
        />
      ) : (
        <TabNotFound text={t('sections.notFound')} />
      )}
    </article>
  );
}

/** The panel of a tab this course does not have (an unknown section, or Team or Your Certificate typed in). */
function TabNotFound({ text }: { text: string }) {
  return (
    <div className="status status--not-found">
      <h2>{text}</h2>
    </div>
  );
}

/** The Team tab: every owner in full, and the participants when the course shows them. */
function TeamTab({ course, team }: { course: Course; team: ReturnType<typeof useCourseTeam> }) {
  const { t } = useTranslation();
  const avatars = useAvatarPeople();
  if (team.isPending || (team.isError && team.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (team.isError) {
    return (
      <ErrorPanel
        message={t('courseView.teamLoadError')}
        onRetry={() => void team.refetch()}
        error={team.error}
      />
    );
  }
  const data: CourseTeam = team.data;
  const owners = course.showTeam ? data.owners : [];
  const participants = data.participants ?? [];
  return (
    <div className="team-tab">
      <h2>{t('courseView.team')}</h2>
      {owners.length === 0 ? (
        <Empty>{t('courseView.noTeam')}</Empty>
      ) : (
        <TeamMembers owners={owners} headingLevel={3} />
      )}
      {participants.length > 0 && (
        <section className="team-tab__participants" aria-labelledby="course-participants">
          <h2 id="course-participants">{t('courseView.participants')}</h2>
          <AvatarList people={avatars(participants)} label={t('courseView.participants')} />
        </section>
      )}
    </div>
  );
}
