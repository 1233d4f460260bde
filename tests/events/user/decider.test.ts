import { describe, it } from 'vitest';
import type { UserCommand } from '../../../events/user/commands';
import { userDecider } from '../../../events/user/decider';
import type { UserEvent } from '../../../events/user/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(userDecider);
const userId = 'u-1';
const profile = { name: 'Amina', phone: null, profession: 'nurse', riziv: null, language: 'fr' as const };
const signedUp: UserEvent = {
  type: 'UserSignedUp',
  data: { userId, email: 'amina@example.org', ...profile },
};
const verified: UserEvent = { type: 'UserVerified', data: { userId } };
const deleted: UserEvent = { type: 'UserDeleted', data: { userId } };
const link = { itemType: 'course' as const, itemPath: 'srgr-basis' };
const enrolled: UserEvent = { type: 'SecondFactorEnrolled', data: { userId, method: 'totp' } };

const table: {
  name: string;
  given: UserEvent[];
  when: UserCommand;
  thenEvents?: UserEvent[];
  throws?: [string, string];
}[] = [
  {
    name: 'signs a person up, unverified',
    given: [],
    when: { type: 'SignUp', data: { userId, email: 'amina@example.org', profile } },
    thenEvents: [signedUp],
  },
  {
    name: 'refuses a second sign-up on the same stream',
    given: [signedUp],
    when: { type: 'SignUp', data: { userId, email: 'amina@example.org', profile } },
    throws: ['CONFLICT', 'user.alreadyExists'],
  },
  { name: 'verifies once', given: [signedUp], when: { type: 'Verify' }, thenEvents: [verified] },
  {
    name: 'verifying again changes nothing',
    given: [signedUp, verified],
    when: { type: 'Verify' },
    thenEvents: [],
  },
  {
    name: 'a password reset by mailed code also verifies the address',
    given: [signedUp],
    when: { type: 'ChangePassword', data: { by: 'reset-code' } },
    thenEvents: [{ type: 'UserPasswordChanged', data: { userId, by: 'reset-code' } }, verified],
  },
  {
    name: 'sets roles, sorted and without duplicates, remembering the previous ones',
    given: [signedUp],
    when: { type: 'SetRoles', data: { roles: ['teacher', 'admin', 'teacher'] } },
    thenEvents: [{ type: 'UserRolesChanged', data: { userId, roles: ['admin', 'teacher'], previous: [] } }],
  },
  {
    name: 'setting the same roles changes nothing',
    given: [signedUp, { type: 'UserRolesChanged', data: { userId, roles: ['teacher'], previous: [] } }],
    when: { type: 'SetRoles', data: { roles: ['teacher'] } },
    thenEvents: [],
  },
  {
    name: 'links to a course once',
    given: [signedUp, { type: 'UserLinkedToItem', data: { userId, ...link } }],
    when: { type: 'Link', data: link },
    thenEvents: [],
  },
  {
    name: 'unlinks a linked course',
    given: [signedUp, { type: 'UserLinkedToItem', data: { userId, ...link } }],
    when: { type: 'Unlink', data: link },
    thenEvents: [{ type: 'UserUnlinkedFromItem', data: { userId, ...link } }],
  },
  { name: 'deletes a person', given: [signedUp], when: { type: 'Delete' }, thenEvents: [deleted] },
  {
    name: 'records a subject access request: the format, nothing personal',
    given: [signedUp, verified],
    when: { type: 'RecordDataExport', data: { format: 'html' } },
    thenEvents: [{ type: 'PersonalDataExported', data: { userId, format: 'html' } }],
  },
  {
    name: 'records every export, also a repeated one',
    given: [signedUp, { type: 'PersonalDataExported', data: { userId, format: 'json' } }],
    when: { type: 'RecordDataExport', data: { format: 'json' } },
    thenEvents: [{ type: 'PersonalDataExported', data: { userId, format: 'json' } }],
  },
  {
    name: 'an erased person has nothing left to export',
    given: [signedUp, deleted],
    when: { type: 'RecordDataExport', data: { format: 'json' } },
    throws: ['NOT_FOUND', 'user.notFound'],
  },
  {
    name: 'a deleted person cannot be changed',
    given: [signedUp, deleted],
    when: { type: 'SetRoles', data: { roles: ['admin'] } },
    throws: ['NOT_FOUND', 'user.notFound'],
  },
  { name: 'nobody to delete', given: [], when: { type: 'Delete' }, throws: ['NOT_FOUND', 'user.notFound'] },
  {
    name: 'enrols a second factor',
    given: [signedUp, verified],
    when: { type: 'EnrolSecondFactor' },
    thenEvents: [enrolled],
  },
  {
    name: 'enrolling again (a new phone) replaces the factor: the fact is told again',
    given: [signedUp, verified, enrolled],
    when: { type: 'EnrolSecondFactor' },
    thenEvents: [enrolled],
  },
  {
    name: 'removes the own second factor',
    given: [signedUp, verified, enrolled],
    when: { type: 'RemoveSecondFactor' },
    thenEvents: [{ type: 'SecondFactorRemoved', data: { userId } }],
  },
  {
    name: 'nothing to remove without a second factor',
    given: [signedUp, verified],
    when: { type: 'RemoveSecondFactor' },
    throws: ['CONFLICT', 'secondFactor.none'],
  },
  {
    name: 'nothing to remove once it was removed',
    given: [signedUp, enrolled, { type: 'SecondFactorRemoved', data: { userId } }],
    when: { type: 'RemoveSecondFactor' },
    throws: ['CONFLICT', 'secondFactor.none'],
  },
  {
    name: 'an administrator resets a second factor',
    given: [signedUp, verified, enrolled],
    when: { type: 'ResetSecondFactor' },
    thenEvents: [{ type: 'SecondFactorReset', data: { userId } }],
  },
  {
    name: 'a reset factor is gone: resetting again is refused',
    given: [signedUp, enrolled, { type: 'SecondFactorReset', data: { userId } }],
    when: { type: 'ResetSecondFactor' },
    throws: ['CONFLICT', 'secondFactor.none'],
  },
  {
    name: 'enrolling after a reset',
    given: [signedUp, enrolled, { type: 'SecondFactorReset', data: { userId } }],
    when: { type: 'EnrolSecondFactor' },
    thenEvents: [enrolled],
  },
  {
    name: 'a deleted person enrols nothing',
    given: [signedUp, deleted],
    when: { type: 'EnrolSecondFactor' },
    throws: ['NOT_FOUND', 'user.notFound'],
  },
  {
    name: 'an imported row makes the account and links it, in one batch',
    given: [],
    when: {
      type: 'Import',
      data: {
        create: { userId, email: 'amina@example.org', profile, roles: [] },
        links: [link, link],
        group: null,
      },
    },
    thenEvents: [
      { type: 'UserCreated', data: { userId, email: 'amina@example.org', ...profile, roles: [] } },
      { type: 'UserLinkedToItem', data: { userId, ...link } },
    ],
  },
  {
    name: 'an imported row for an existing account adds only the links it lacks',
    given: [signedUp, { type: 'UserLinkedToItem', data: { userId, ...link } }],
    when: {
      type: 'Import',
      data: { create: null, links: [link, { itemType: 'course', itemPath: 'other' }], group: null },
    },
    thenEvents: [{ type: 'UserLinkedToItem', data: { userId, itemType: 'course', itemPath: 'other' } }],
  },
  {
    name: 'an imported row that would make an existing account again is refused whole',
    given: [signedUp],
    when: {
      type: 'Import',
      data: {
        create: { userId, email: 'amina@example.org', profile, roles: [] },
        links: [link],
        group: null,
      },
    },
    throws: ['CONFLICT', 'user.alreadyExists'],
  },
  {
    name: 'an imported row cannot link an erased account',
    given: [signedUp, deleted],
    when: { type: 'Import', data: { create: null, links: [link], group: null } },
    throws: ['NOT_FOUND', 'user.notFound'],
  },
  {
    name: "sets a participant's group within a course they are linked to, once",
    given: [signedUp, { type: 'UserLinkedToItem', data: { userId, ...link } }],
    when: { type: 'SetGroup', data: { coursePath: 'srgr-basis', group: 'Tuesday' } },
    thenEvents: [
      {
        type: 'ParticipantGroupSet',
        data: { userId, itemType: 'course', itemPath: 'srgr-basis', group: 'Tuesday' },
      },
    ],
  },
  {
    name: 'the same group again changes nothing',
    given: [
      signedUp,
      { type: 'UserLinkedToItem', data: { userId, ...link } },
      {
        type: 'ParticipantGroupSet',
        data: { userId, itemType: 'course', itemPath: 'srgr-basis', group: 'Tuesday' },
      },
    ],
    when: { type: 'SetGroup', data: { coursePath: 'srgr-basis', group: 'Tuesday' } },
    thenEvents: [],
  },
  {
    name: 'unlinking ends the group: no group is no change after linking again',
    given: [
      signedUp,
      { type: 'UserLinkedToItem', data: { userId, ...link } },
      {
        type: 'ParticipantGroupSet',
        data: { userId, itemType: 'course', itemPath: 'srgr-basis', group: 'Tuesday' },
      },
      { type: 'UserUnlinkedFromItem', data: { userId, ...link } },
      { type: 'UserLinkedToItem', data: { userId, ...link } },
    ],
    when: { type: 'SetGroup', data: { coursePath: 'srgr-basis', group: null } },
    thenEvents: [],
  },
  {
    name: 'refuses a group within a course the person is not linked to',
    given: [signedUp],
    when: { type: 'SetGroup', data: { coursePath: 'srgr-basis', group: 'Tuesday' } },
    throws: ['INVALID', 'participantGroup.notLinked'],
  },
  {
    name: "an imported row's group is set within its courses, the new link first",
    given: [signedUp],
    when: {
      type: 'Import',
      data: { create: null, links: [link], group: { coursePaths: ['srgr-basis'], group: 'Ghent' } },
    },
    thenEvents: [
      { type: 'UserLinkedToItem', data: { userId, ...link } },
      {
        type: 'ParticipantGroupSet',
        data: { userId, itemType: 'course', itemPath: 'srgr-basis', group: 'Ghent' },
      },
    ],
  },
];

describe('user decider', () => {
  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }
});
