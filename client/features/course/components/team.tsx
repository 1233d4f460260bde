import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paragraphs } from '../../../lib/text';
import { Avatar, type AvatarPerson } from '../../../ui/avatar-list';
import type { TeamMember } from '../api/get-course-team';

/** The team panel opens by default when the window is at least 480 px wide. */
const teamPanelOpenQuery = '(min-width: 480px)';

const opensWide = () => typeof window !== 'undefined' && window.matchMedia(teamPanelOpenQuery).matches;

/** A person's name as others may see it: fullPrivacy users read as 'Anonymous User'. */
function useShownName() {
  const { t } = useTranslation();
  return (person: { name: string; anonymous: boolean }) =>
    person.anonymous ? t('courseView.anonymous') : person.name;
}

/** The avatar data of team members and participants, with their names as the viewer may see them. */
export function useAvatarPeople() {
  const shownName = useShownName();
  return (people: readonly (AvatarPerson & { anonymous: boolean })[]): AvatarPerson[] =>
    people.map((person) => ({ ...person, name: shownName(person) }));
}

/** The owners of the course: picture, name, profession and what they say about themselves. */
export function TeamMembers({ owners, headingLevel }: { owners: TeamMember[]; headingLevel: 3 | 2 }) {
  const shownName = useShownName();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="team-list">
      {owners.map((owner) => (
        <li key={owner.userId} className="team-member">
          <Avatar person={{ ...owner, name: shownName(owner) }} size="large" />
          <div className="team-member__text">
            <Heading className="team-member__name">{shownName(owner)}</Heading>
            {owner.profession && <p className="team-member__profession">{owner.profession}</p>}
            {owner.description &&
              paragraphs(owner.description).map((text) => (
                <p key={text} className="team-member__description">
                  {text}
                </p>
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The team on the Info tab, as a disclosure that starts open on windows of at least 480 px and
 * closed on narrower ones; the visitor opens or closes it at will.
 */
export function TeamPanel({ owners }: { owners: TeamMember[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(opensWide);
  const headingId = useId();
  return (
    <details
      className="team-panel"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      aria-labelledby={headingId}
    >
      <summary className="team-panel__summary">
        <h2 id={headingId} className="team-panel__title">
          {t('courseView.team')}
        </h2>
      </summary>
      <TeamMembers owners={owners} headingLevel={3} />
    </details>
  );
}
