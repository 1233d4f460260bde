import './avatar-list.css';
import { useTranslation } from 'react-i18next';
import { initialsOf, splitAvatars } from './avatars';
import { croppedSource, imageSource } from './images';

export interface AvatarPerson {
  userId: string;
  name: string;
  image: { name: string; alt: string } | null;
}

/** One person's picture, or their initials on a coloured disc when there is none. */
export function Avatar({ person, size = 'small' }: { person: AvatarPerson; size?: 'small' | 'large' }) {
  const source = imageSource(person.image);
  // The 180 px square copy: sharp at twice the large avatar's size, a few kilobytes.
  const src = source ? croppedSource(source, 'profile') : null;
  const className = `avatar avatar--${size}`;
  return src ? (
    <img
      className={className}
      src={src}
      alt=""
      width={size === 'large' ? 96 : 40}
      height={size === 'large' ? 96 : 40}
    />
  ) : (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initialsOf(person.name)}
    </span>
  );
}

/**
 * A row of avatars (10 people, then '+N' for the rest). Each avatar carries the person's name
 * for screen readers and as a tooltip; the list is labelled by `label`.
 */
export function AvatarList({ people, label }: { people: readonly AvatarPerson[]; label: string }) {
  const { t } = useTranslation();
  const { shown, more } = splitAvatars(people);
  return (
    <ul className="avatar-list" aria-label={label}>
      {shown.map((person) => (
        <li key={person.userId} className="avatar-list__item" title={person.name}>
          <Avatar person={person} />
          <span className="visually-hidden">{person.name}</span>
        </li>
      ))}
      {more > 0 && (
        <li className="avatar-list__item avatar-list__more">
          <span aria-hidden="true">+{more}</span>
          <span className="visually-hidden">{t('avatars.more', { count: more })}</span>
        </li>
      )}
    </ul>
  );
}
