import '../classroom.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paragraphs } from '../../../lib/text';
import { useTrackSeen } from '../../../lib/tracking/use-track-seen';
import { ItemQuery } from '../../../ui/item-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { type BreakoutRoomView, useBreakoutRoom } from '../api/classroom';
import { BreakoutCountdown } from '../components/countdown';
import { JitsiRoom } from '../components/jitsi-room';
import { TimeSpan } from '../components/time-span';

/**
 * /course/{coursePath}/section/{sectionPath}/breakoutroom/{roomNumber}: one breakout room with its
 * interior information, the section's shared countdown and the room's Jitsi meeting embedded.
 */
export function BreakoutRoomRoute({
  coursePath,
  sectionPath,
  roomNumber,
}: {
  coursePath: string;
  sectionPath: string;
  roomNumber: string;
}) {
  const { t } = useTranslation();
  const number = /^\d{1,3}$/.test(roomNumber) ? Number(roomNumber) : 0;
  const room = useBreakoutRoom(coursePath, sectionPath, number);
  useDocumentTitle(room.data?.room.name ?? t('classroom.breakoutRoom'));
  const back = `/course/${coursePath}/section/${sectionPath}`;
  if (number < 1) {
    return (
      <div className="status status--not-found">
        <h1>{t('classroom.roomNotFound')}</h1>
        <p>
          <Link href={back}>{t('classroom.backToSection')}</Link>
        </p>
      </div>
    );
  }
  return (
    <ItemQuery
      query={room}
      notFound={t('classroom.roomNotFound')}
      loadError={t('classroom.loadError')}
      backHref={back}
      backLabel={t('classroom.backToSection')}
    >
      {(data) => <BreakoutRoom data={data} back={back} />}
    </ItemQuery>
  );
}

function BreakoutRoom({ data, back }: { data: BreakoutRoomView; back: string }) {
  const { t } = useTranslation();
  useTrackSeen('breakoutrooms', `${data.section.path}/${data.room.roomNumber}`);
  const { room } = data;
  return (
    <article className="breakout-room" lang={data.section.language}>
      <p className="back-link">
        <Link href={back}>← {data.section.name}</Link>
      </p>
      <h1>{t('classroom.roomNamed', { number: room.roomNumber, name: room.name })}</h1>
      {room.startdate && (
        <p className="muted">
          <TimeSpan start={room.startdate} />
        </p>
      )}
      {paragraphs(room.breakoutroomInteriorInfo).map((text) => (
        <p key={text}>{text}</p>
      ))}
      <BreakoutCountdown section={data.section.path} mayRun={data.mayRunCountdown} />
      <JitsiRoom
        scriptDomain={data.jitsiDomain}
        domain={room.domain}
        roomName={room.roomName}
        displayName={data.displayName}
        title={room.name}
      />
      <p>
        <a href={room.url} target="_blank" rel="noopener noreferrer">
          {t('classroom.openInJitsi')}
        </a>
      </p>
    </article>
  );
}
