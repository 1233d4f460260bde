import '../classroom.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CourseSection } from '../../../lib/course-sections';
import { breakoutRoomHref, classroomHref } from '../../../lib/section-links';
import { isLive, liveOver } from '../../../lib/section-timing';
import { paragraphs } from '../../../lib/text';
import { trackSeen } from '../../../lib/tracking/use-track-seen';
import { AddToCalendar } from './add-to-calendar';
import { TimeSpan } from './time-span';

type Classroom = NonNullable<CourseSection['classroom']>;

/**
 * A section's live part (docs/guide/live-classrooms.md): until the classroom's end (always, without
 * one) how to join it, its breakout rooms, and for each dated one 'Add to calendar'; after the end,
 * 'the live part is over' and the recordings.
 */
export function LivePart({
  section,
  coursePath,
  now,
}: {
  section: CourseSection & { classroom: Classroom };
  coursePath: string;
  now: Date;
}) {
  const { t } = useTranslation();
  const classroom = section.classroom;
  const over = liveOver(section, now);
  const live = isLive(section, now);
  return (
    <section
      className={`live-part${live ? ' live-part--live' : ''}`}
      aria-labelledby={`live-${section.path}`}
    >
      <h3 id={`live-${section.path}`}>
        {classroom.name}
        {live && (
          <span className="badge section-timing section-timing--live">{t('courseView.timing.live')}</span>
        )}
      </h3>
      <p className="muted">
        <TimeSpan start={classroom.startdate} end={classroom.enddate} />
      </p>
      {over ? (
        <>
          <p className="live-part__over">{t('classroom.over')}</p>
          <Recordings recordings={classroom.recordings} />
        </>
      ) : (
        <>
          {paragraphs(classroom.extraInfo).map((text) => (
            <p key={text}>{text}</p>
          ))}
          <p className="live-part__actions">
            <Link
              href={classroomHref(coursePath, section.path, classroom.name)}
              className={`button${live ? '' : ' button--ghost'}`}
            >
              {t('classroom.join')}
            </Link>
            {classroom.startdate && (
              <AddToCalendar moment={{ section: section.path }} name={classroom.name} />
            )}
          </p>
          <BreakoutRooms section={section} coursePath={coursePath} />
          {/* Without an end the live part never closes: recordings already made show too. */}
          {!classroom.enddate && <Recordings recordings={classroom.recordings} />}
        </>
      )}
    </section>
  );
}

function BreakoutRooms({
  section,
  coursePath,
}: {
  section: CourseSection & { classroom: Classroom };
  coursePath: string;
}) {
  const { t } = useTranslation();
  const { breakoutrooms, breakoutroomInfo } = section.classroom;
  if (breakoutrooms.length === 0) return null;
  return (
    <div className="breakout-rooms">
      <h4>{t('classroom.breakoutRooms')}</h4>
      {paragraphs(breakoutroomInfo).map((text) => (
        <p key={text}>{text}</p>
      ))}
      <ul className="breakout-rooms__list">
        {[...breakoutrooms]
          .sort((a, b) => a.roomNumber - b.roomNumber)
          .map((room) => (
            <li key={room.roomNumber}>
              <Link href={breakoutRoomHref(coursePath, section.path, room.roomNumber)}>
                {t('classroom.roomNamed', { number: room.roomNumber, name: room.name })}
              </Link>
              {room.startdate && (
                <span className="muted">
                  {' · '}
                  <TimeSpan start={room.startdate} />
                </span>
              )}
              <br />
              <a
                href={room.jitsi}
                target="_blank"
                rel="noopener noreferrer"
                className="muted breakout-rooms__url"
              >
                {room.jitsi}
              </a>
              {room.startdate && (
                <span className="live-part__actions">
                  <AddToCalendar moment={{ section: section.path, room: room.roomNumber }} name={room.name} />
                </span>
              )}
            </li>
          ))}
      </ul>
    </div>
  );
}

function Recordings({ recordings }: { recordings: Classroom['recordings'] }) {
  const { t } = useTranslation();
  if (recordings.length === 0) return null;
  return (
    <div className="recordings">
      <h4>{t('classroom.recordings')}</h4>
      <ol className="recordings__list">
        {recordings.map((recording, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list that only its editors reorder; two recordings may share an address.
          <li key={index}>
            <a
              href={recording.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => trackSeen('recordings', recording.url)}
            >
              {recording.titel || t('classroom.recordingNumber', { number: index + 1 })}
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
