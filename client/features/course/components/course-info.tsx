import { useTranslation } from 'react-i18next';
import { AvatarList } from '../../../ui/avatar-list';
import { InfoText } from '../../../ui/info-text';
import type { Course } from '../api/get-course';
import type { CourseTeam } from '../api/get-course-team';
import { CourseDates, hasDates } from './course-dates';
import { useAvatarPeople } from './team';

/**
 * The Info tab: what the course is about, when, where, with whom and in which language; the team
 * and (when the course shows them) the participants as avatar lists.
 */
export function CourseInfo({ course, team }: { course: Course; team?: CourseTeam }) {
  const { t } = useTranslation();
  const avatars = useAvatarPeople();
  const owners = team && course.showTeam ? team.owners : [];
  const participants = team?.participants ?? [];
  return (
    <div className="course-info">
      <div lang={course.language}>
        <InfoText text={course.info} />
      </div>
      <dl className="facts">
        {hasDates(course.startdate, course.enddate) && (
          <div>
            <dt>{t('courses.period')}</dt>
            <dd>
              <CourseDates start={course.startdate} end={course.enddate} />
            </dd>
          </div>
        )}
        {course.location && (
          <div>
            <dt>{t('courses.location')}</dt>
            <dd>{course.location}</dd>
          </div>
        )}
        {course.teacher && (
          <div>
            <dt>{t('courses.teacher')}</dt>
            <dd>{course.teacher}</dd>
          </div>
        )}
        <div>
          <dt>{t('courses.language')}</dt>
          <dd>{t(`languages.${course.language}`)}</dd>
        </div>
        {owners.length > 0 && (
          <div>
            <dt>{t('courseView.team')}</dt>
            <dd>
              <AvatarList people={avatars(owners)} label={t('courseView.team')} />
            </dd>
          </div>
        )}
        {participants.length > 0 && (
          <div>
            <dt>{t('courseView.participants')}</dt>
            <dd>
              <AvatarList people={avatars(participants)} label={t('courseView.participants')} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
