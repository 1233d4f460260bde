import type { CurrentUser, Rules } from '../../../../client/lib/auth';
import { roleActions } from '../../../../events/permissions';

const rules = (granted: boolean) =>
  Object.fromEntries(roleActions.map((action) => [action, granted])) as Rules;

/** A participant without roles, as user.me answers it. */
export const learner: CurrentUser = {
  _id: 'user-learner',
  name: 'Lotte Learner',
  email: 'lotte@example.org',
  phone: null,
  profession: null,
  riziv: null,
  description: null,
  image: null,
  language: 'en',
  fullPrivacy: false,
  roles: [],
  verified: true,
  createdAt: '2027-01-01T00:00:00.000Z',
  courses: [],
  modules: [],
  groups: {},
  rules: rules(false),
  mustEnrolSecondFactor: false,
};

/** An administrator: every rule granted. */
export const admin: CurrentUser = {
  ...learner,
  _id: 'user-admin',
  name: 'Ada Admin',
  email: 'ada@example.org',
  roles: ['admin'],
  rules: rules(true),
};
