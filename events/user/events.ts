import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { imageSchema, languageSchema } from '../shared/fields';

const personal = {
  subject: 'userId',
  fields: ['email', 'name', 'phone', 'profession', 'riziv', 'description', 'image'],
};

const email = z.email().max(254);
const userId = z.string().min(1).max(200);

/** What a person tells about themselves; every field present, null when not given. */
const profileFields = {
  name: z.string().trim().min(1).max(200),
  phone: z.string().max(40).nullable(),
  profession: z.string().max(200).nullable(),
  riziv: z.string().max(40).nullable(),
  language: languageSchema,
};

export const UserSignedUp = defineEvent('UserSignedUp', z.object({ userId, email, ...profileFields }), {
  personal,
});
/** An admin (or the start-up bootstrap) made the account; the person sets a password by mailed code. */
export const UserCreated = defineEvent(
  'UserCreated',
  z.object({ userId, email, ...profileFields, roles: z.array(z.string()) }),
  { personal },
);
/** First sight of a person signed in by the external identity provider. */
export const UserProvisioned = defineEvent(
  'UserProvisioned',
  z.object({ userId, email, name: z.string().max(200), issuer: z.string() }),
  { personal },
);
export const UserVerified = defineEvent('UserVerified', z.object({ userId }));
export const UserPasswordChanged = defineEvent(
  'UserPasswordChanged',
  z.object({ userId, by: z.enum(['reset-code', 'bootstrap']) }),
);
export const UserProfileUpdated = defineEvent(
  'UserProfileUpdated',
  z.object({
    userId,
    ...profileFields,
    description: z.string().max(5000).nullable(),
    image: imageSchema.nullable(),
    fullPrivacy: z.boolean(),
  }),
  { personal },
);
export const UserRolesChanged = defineEvent(
  'UserRolesChanged',
  z.object({ userId, roles: z.array(z.string()), previous: z.array(z.string()) }),
);
const link = { userId, itemType: z.enum(['course', 'module']), itemPath: z.string().min(1).max(200) };
export const UserLinkedToItem = defineEvent('UserLinkedToItem', z.object(link));
export const UserUnlinkedFromItem = defineEvent('UserUnlinkedFromItem', z.object(link));
/**
 * A participant's group within a course: a label on their link to it ('Tuesday', 'Ghent'), which
 * the course's lists and the results filter by; null takes it away. Unlinking ends it too.
 */
export const ParticipantGroupSet = defineEvent(
  'ParticipantGroupSet',
  z.object({
    userId,
    itemType: z.literal('course'),
    itemPath: z.string().min(1).max(200),
    group: z.string().max(60).nullable(),
  }),
);
/** The person is gone: their key is destroyed with this event, so their data reads as null. */
export const UserDeleted = defineEvent('UserDeleted', z.object({ userId }));
/**
 * Someone with manage_users produced a copy of everything the platform holds about the person (a
 * subject access request, GDPR articles 15 and 20), as a JSON or an HTML file. Who did it is the
 * event's actor; nothing personal is in it, so it stays readable after an erasure.
 */
export const PersonalDataExported = defineEvent(
  'PersonalDataExported',
  z.object({ userId, format: z.enum(['json', 'html']) }),
);

/**
 * A second factor (an authenticator app's codes, RFC 6238) guards the account from now on; enrolling
 * again replaces the earlier one. The secret and the recovery codes are private state, never in an event.
 */
export const SecondFactorEnrolled = defineEvent(
  'SecondFactorEnrolled',
  z.object({ userId, method: z.literal('totp') }),
);
/** The person removed their own second factor (after signing in again with it). */
export const SecondFactorRemoved = defineEvent('SecondFactorRemoved', z.object({ userId }));
/** Someone with manage_users removed the person's second factor (a lost phone); who is the event's actor. */
export const SecondFactorReset = defineEvent('SecondFactorReset', z.object({ userId }));

export const userEventDefinitions = [
  UserSignedUp,
  UserCreated,
  UserProvisioned,
  UserVerified,
  UserPasswordChanged,
  UserProfileUpdated,
  UserRolesChanged,
  UserLinkedToItem,
  UserUnlinkedFromItem,
  ParticipantGroupSet,
  UserDeleted,
  PersonalDataExported,
  SecondFactorEnrolled,
  SecondFactorRemoved,
  SecondFactorReset,
];

export type UserEvent =
  | EventOf<typeof UserSignedUp>
  | EventOf<typeof UserCreated>
  | EventOf<typeof UserProvisioned>
  | EventOf<typeof UserVerified>
  | EventOf<typeof UserPasswordChanged>
  | EventOf<typeof UserProfileUpdated>
  | EventOf<typeof UserRolesChanged>
  | EventOf<typeof UserLinkedToItem>
  | EventOf<typeof UserUnlinkedFromItem>
  | EventOf<typeof ParticipantGroupSet>
  | EventOf<typeof UserDeleted>
  | EventOf<typeof PersonalDataExported>
  | EventOf<typeof SecondFactorEnrolled>
  | EventOf<typeof SecondFactorRemoved>
  | EventOf<typeof SecondFactorReset>;

export const userStream = (userId: string) => `user-${userId}`;
