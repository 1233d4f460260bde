import { assertNever, type Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';

export type UserState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      userId: string;
      verified: boolean;
      roles: string[];
      links: string[];
      /** Each course's group label of the person, by course path. */
      groups: Record<string, string>;
      /** Whether a second factor guards the account. */
      secondFactor: boolean;
    };

type Existing = Exclude<UserState, { status: 'absent' }>;

const linkKey = (itemType: string, itemPath: string) => `${itemType}:${itemPath}`;
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function requireActive(state: UserState): Existing {
  if (state.status !== 'active') throw notFound('user.notFound');
  return state;
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'SignUp': {
      if (state.status !== 'absent') throw conflict('user.alreadyExists');
      const { userId, email, profile } = command.data;
      return [{ type: 'UserSignedUp', data: { userId, email, ...profile } }];
    }
    case 'CreateUser': {
      if (state.status !== 'absent') throw conflict('user.alreadyExists');
      const { userId, email, profile, roles } = command.data;
      return [{ type: 'UserCreated', data: { userId, email, ...profile, roles } }];
    }
    case 'Provision': {
      if (state.status !== 'absent') throw conflict('user.alreadyExists');
      return [{ type: 'UserProvisioned', data: command.data }];
    }
    case 'Verify': {
      const user = requireActive(state);
      return user.verified ? [] : [{ type: 'UserVerified', data: { userId: user.userId } }];
    }
    case 'ChangePassword': {
      const user = requireActive(state);
      const events: UserEvent[] = [
        { type: 'UserPasswordChanged', data: { userId: user.userId, by: command.data.by } },
      ];
      // A reset code reached the mailbox, which proves the address as well as a verification code.
      if (!user.verified) events.push({ type: 'UserVerified', data: { userId: user.userId } });
      return events;
    }
    case 'UpdateProfile': {
      const user = requireActive(state);
      return [{ type: 'UserProfileUpdated', data: { userId: user.userId, ...command.data } }];
    }
    case 'SetRoles': {
      const user = requireActive(state);
      const roles = [...new Set(command.data.roles)].sort();
      if (sameSet(roles, user.roles)) return [];
      return [{ type: 'UserRolesChanged', data: { userId: user.userId, roles, previous: user.roles } }];
    }
    case 'UpdateUser': {
      requireActive(state);
      const { roles, profile } = command.data;
      return [
        ...(roles ? decide({ type: 'SetRoles', data: { roles } }, state) : []),
        ...(profile ? decide({ type: 'UpdateProfile', data: profile }, state) : []),
      ];
    }
    case 'Link': {
      const user = requireActive(state);
      const { itemType, itemPath } = command.data;
      if (user.links.includes(linkKey(itemType, itemPath))) return [];
      return [{ type: 'UserLinkedToItem', data: { userId: user.userId, itemType, itemPath } }];
    }
    case 'Unlink': {
      const user = requireActive(state);
      const { itemType, itemPath } = command.data;
      if (!user.links.includes(linkKey(itemType, itemPath))) return [];
      return [{ type: 'UserUnlinkedFromItem', data: { userId: user.userId, itemType, itemPath } }];
    }
    case 'Import': {
      const { create, links, group } = command.data;
      const events: UserEvent[] = create ? decide({ type: 'CreateUser', data: create }, state) : [];
      let current = events.reduce(evolve, state);
      for (const link of links) {
        const linked = decide({ type: 'Link', data: link }, current);
        current = linked.reduce(evolve, current);
        events.push(...linked);
      }
      for (const coursePath of group?.coursePaths ?? []) {
        const set = decide({ type: 'SetGroup', data: { coursePath, group: group!.group } }, current);
        current = set.reduce(evolve, current);
        events.push(...set);
      }
      return events;
    }
    case 'SetGroup': {
      const user = requireActive(state);
      const { coursePath, group } = command.data;
      if (!user.links.includes(linkKey('course', coursePath))) throw invalid('participantGroup.notLinked');
      if ((user.groups[coursePath] ?? null) === group) return [];
      return [
        {
          type: 'ParticipantGroupSet',
          data: { userId: user.userId, itemType: 'course', itemPath: coursePath, group },
        },
      ];
    }
    case 'Delete': {
      const user = requireActive(state);
      return [{ type: 'UserDeleted', data: { userId: user.userId } }];
    }
    case 'RecordDataExport': {
      // An erased person has nothing left to export: the caller says so instead of recording it.
      const user = requireActive(state);
      return [{ type: 'PersonalDataExported', data: { userId: user.userId, format: command.data.format } }];
    }
    case 'EnrolSecondFactor': {
      // Enrolling again (a new phone) replaces the earlier factor: the same fact, told again.
      const user = requireActive(state);
      return [{ type: 'SecondFactorEnrolled', data: { userId: user.userId, method: 'totp' } }];
    }
    case 'RemoveSecondFactor': {
      const user = requireActive(state);
      if (!user.secondFactor) throw conflict('secondFactor.none');
      return [{ type: 'SecondFactorRemoved', data: { userId: user.userId } }];
    }
    case 'ResetSecondFactor': {
      const user = requireActive(state);
      if (!user.secondFactor) throw conflict('secondFactor.none');
      return [{ type: 'SecondFactorReset', data: { userId: user.userId } }];
    }
    default:
      return assertNever(command);
  }
}

const newAccount = (userId: string): Existing => ({
  status: 'active',
  userId,
  verified: false,
  roles: [],
  links: [],
  groups: {},
  secondFactor: false,
});

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserSignedUp':
      return { ...newAccount(event.data.userId), verified: false };
    case 'UserCreated':
      return { ...newAccount(event.data.userId), verified: false, roles: event.data.roles };
    case 'UserProvisioned':
      return { ...newAccount(event.data.userId), verified: true };
    case 'UserVerified':
      return state.status === 'absent' ? state : { ...state, verified: true };
    case 'UserRolesChanged':
      return state.status === 'absent' ? state : { ...state, roles: event.data.roles };
    case 'UserLinkedToItem':
      return state.status === 'absent'
        ? state
        : { ...state, links: [...state.links, linkKey(event.data.itemType, event.data.itemPath)] };
    case 'UserUnlinkedFromItem': {
      if (state.status === 'absent') return state;
      const key = linkKey(event.data.itemType, event.data.itemPath);
      const { [event.data.itemPath]: _ended, ...groups } = state.groups ?? {};
      return {
        ...state,
        links: state.links.filter((link) => link !== key),
        groups: event.data.itemType === 'course' ? groups : state.groups,
      };
    }
    case 'ParticipantGroupSet': {
      if (state.status === 'absent') return state;
      const { [event.data.itemPath]: _old, ...groups } = state.groups ?? {};
      return {
        ...state,
        groups: event.data.group === null ? groups : { ...groups, [event.data.itemPath]: event.data.group },
      };
    }
    case 'UserDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'SecondFactorEnrolled':
      return state.status === 'absent' ? state : { ...state, secondFactor: true };
    case 'SecondFactorRemoved':
    case 'SecondFactorReset':
      return state.status === 'absent' ? state : { ...state, secondFactor: false };
    case 'UserPasswordChanged':
    case 'UserProfileUpdated':
    case 'PersonalDataExported':
      return state;
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  // 2: the state knows whether a second factor guards the account; 3: the groups within courses.
  snapshot: { schemaVersion: 3, every: 50 },
};
