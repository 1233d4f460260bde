import '../classroom.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSections } from '../../../lib/course-sections';
import { breakoutRoomHref } from '../../../lib/section-links';
import { paragraphs } from '../../../lib/text';
import { useTrackSeen } from '../../../lib/tracking/use-track-seen';
import { ItemQuery } from '../../../ui/item-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type ClassroomView, useClassroom } from '../api/classroom';
import { BreakoutCountdown } from '../components/countdown';
import { JitsiRoom } from '../components/jitsi-room';
import { TimeSpan } from '../components/time-span';
import { ZoomRoom } from '../components/zoom-room';

/**
 * /course/{coursePath}/section/{sectionPath}/classroom/{classroomName}: the live classroom, for
 * registered users linked to the course (all registered users when it is public): a Jitsi room
 * embedded, or Zoom in Firefox. A name that is not the section's classroom reads as not found.
 */
export function ClassroomRoute({
  coursePath,
  sectionPath,
  classroomName,
}: {
  coursePath: string;
  sectionPath: string;
  classroomName: string;
}) {
  const { t } = useTranslation();
  const classroom = useClassroom(coursePath, sectionPath);
  const name = safeDecode(classroomName);
  const matches = classroom.data ? classroom.data.classroom.name === name : true;
  useDocumentTitle(classroom.data && matches ? classroom.data.classroom.name : t('classroom.title'));
  const back = `/course/${coursePath}/section/${sectionPath}`;
  return (
    <ItemQuery
      query={classroom}
      notFound={t('classroom.notFound')}
      loadError={t('classroom.loadError')}
      backHref={back}
      backLabel={t('classroom.backToSection')}
    >
      {(data) =>
        matches ? (
          <Classroom data={data} back={back} />
        ) : (
          <div className="status status--not-found">
            <h1>{t('classroom.notFound')}</h1>
            <p>
              <Link href={back}>{t('classroom.backToSection')}</Link>
            </p>
          </div>
        )
      }
    </ItemQuery>
  );
}

function Classroom({ data, back }: { data: ClassroomView; back: string }) {
  const { t } = useTranslation();
  useTrackSeen('classrooms', data.section.path);
  const { classroom } = data;
  // The rooms come with the course's sections (already loaded on the way here, usually).
  const sections = useSections(data.course.path);
  const rooms = [
    ...(sections.data?.find((section) => section.path === data.section.path)?.classroom?.breakoutrooms ?? []),
  ].sort((a, b) => a.roomNumber - b.roomNumber);
  return (
    <article className="classroom" lang={data.section.language}>
      <p className="back-link">
        <Link href={back}>← {data.section.name}</Link>
      </p>
      <h1>{classroom.name}</h1>
      <p className="muted">
        <TimeSpan start={classroom.startdate} end={classroom.enddate} />
      </p>
      {paragraphs(classroom.extraInfo).map((text) => (
        <p key={text}>{text}</p>
      ))}
      {classroom.type === 'jitsi' && data.jitsi ? (
        <JitsiRoom
          scriptDomain={data.jitsi.domain}
          domain={data.jitsi.domain}
          roomName={data.jitsi.roomName}
          displayName={data.displayName}
          title={classroom.name}
        />
      ) : classroom.type === 'zoom' ? (
        <ZoomRoom zoom={data.zoom} zoomJoin={data.zoomJoin} />
      ) : (
        <p role="alert">{t('classroom.notSupported')}</p>
      )}
      {rooms.length > 0 && (
        <>
          <BreakoutCountdown section={data.section.path} mayRun={data.mayRunCountdown} />
          <section aria-labelledby="rooms-title">
            <h2 id="rooms-title">{t('classroom.breakoutRooms')}</h2>
            {paragraphs(classroom.breakoutroomInfo).map((text) => (
              <p key={text}>{text}</p>
            ))}
            <ul className="breakout-rooms__list">
              {rooms.map((room) => (
                <li key={room.roomNumber}>
                  <Link href={breakoutRoomHref(data.course.path, data.section.path, room.roomNumber)}>
                    {t('classroom.roomNamed', { number: room.roomNumber, name: room.name })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </article>
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
