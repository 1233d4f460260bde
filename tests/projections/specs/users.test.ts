import { describe, it } from 'vitest';
import { userProjection } from '../../../projections/user/users';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';
import { aUser } from './fixtures';

describe.each(databaseKinds)('users on %s', (kind) => {
  const spec = projectionSpec(userProjection, kind);
  const ann = aUser('ann');

  it('an account made by an admin, by sign-up or by a sign-in provider is a row, with where it came from', () =>
    spec
      .given()
      .when(
        ann.created({ roles: ['teacher'] }),
        aUser('bob').signedUp(),
        event('UserProvisioned', {
          userId: 'carl',
          email: 'carl@example.org',
          name: 'Carl',
          issuer: 'https://id.example.org',
        }),
      )
      .thenRows({
        users: [
          {
            user_id: 'ann',
            email: 'ann@example.org',
            name: 'Ann Peeters',
            roles: ['teacher'],
            source: 'admin',
            verified: false,
          },
          { user_id: 'bob', source: 'signup', roles: [], verified: false },
          { user_id: 'carl', source: 'external', verified: true, language: 'nl' },
        ],
      }));

  it('verification and a profile update change the row', () =>
    spec
      .given(ann.created())
      .when(ann.verified(), ann.profileUpdated({ name: 'Ann P.', fullPrivacy: true, language: 'fr' }))
      .thenRows({ users: [{ verified: true, name: 'Ann P.', full_privacy: true, language: 'fr' }] }));

  it('a removed role or a password change moves credential_version to the stream version; an added role does not', () =>
    spec
      .given(ann.created({ roles: ['teacher'] }))
      .when(
        ann.rolesChanged(['teacher', 'admin'], ['teacher']),
        ann.rolesChanged(['admin'], ['teacher', 'admin']),
        ann.rolesChanged(['admin', 'teacher'], ['admin']),
      )
      .thenRows({ users: [{ roles: ['admin', 'teacher'], credential_version: 3 }] }));

  it('a password change sets credential_version', () =>
    spec
      .given(ann.created(), ann.verified())
      .when(event('UserPasswordChanged', { userId: 'ann', by: 'reset-code' }, { stream: 'user-ann' }))
      .thenRows({ users: [{ credential_version: 3 }] }));

  it('links to courses and modules: linked once, unlinked', () =>
    spec
      .given(ann.created())
      .when(
        ann.linked('course', 'family-planning'),
        ann.linked('course', 'family-planning'),
        ann.linked('module', 'hygiene'),
        ann.unlinked('module', 'hygiene'),
      )
      .thenRows({ user_links: [{ user_id: 'ann', item_type: 'course', item_path: 'family-planning' }] }));

  it("a participant's group within a course sits on their link, and a new link starts without one", () => {
    const group = (itemPath: string, label: string | null) =>
      event(
        'ParticipantGroupSet',
        { userId: 'ann', itemType: 'course', itemPath, group: label },
        { stream: 'user-ann' },
      );
    return spec
      .given(ann.created(), ann.linked('course', 'family-planning'), ann.linked('course', 'consent'))
      .when(
        group('family-planning', 'Tuesday'),
        group('consent', 'Ghent'),
        group('consent', null),
        ann.unlinked('course', 'family-planning'),
        ann.linked('course', 'family-planning'),
      )
      .thenRows({
        user_links: [
          { user_id: 'ann', item_path: 'family-planning', group_label: null },
          { user_id: 'ann', item_path: 'consent', group_label: null },
        ],
      });
  });

  it('a group label is kept until it changes', () =>
    spec
      .given(ann.created(), ann.linked('course', 'family-planning'))
      .when(
        event(
          'ParticipantGroupSet',
          { userId: 'ann', itemType: 'course', itemPath: 'family-planning', group: 'Tuesday' },
          { stream: 'user-ann' },
        ),
      )
      .thenRows({ user_links: [{ user_id: 'ann', item_path: 'family-planning', group_label: 'Tuesday' }] }));

  it('an erased person leaves no row and no link, the others stay', () =>
    spec
      .given(ann.created(), ann.linked('course', 'x'), aUser('bob').created())
      .when(ann.deleted())
      .thenRows({ users: [{ user_id: 'bob' }], user_links: [] }));
});
