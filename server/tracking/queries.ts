import { forbidden, notFound, unauthenticated } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import { type Tracking, trackingOf } from '../../projections/tracking/user-tracking';
import { userAccess } from '../../projections/user/users';
import type { Db } from '../db/tables';

export interface Log {
  user: string;
  tracking: Tracking;
}

/** Whose log one may read: one's own; anyone's with manage_users or view. */
const canReadLogOf = (actor: Actor | null, userId: string) =>
  actor?.userId === userId || can(actor, 'manage_users') || can(actor, 'view');

/** log(user): what the person saw, per category, first and last when. */
export async function logOf(db: Db, actor: Actor | null, userId: string): Promise<Log> {
  if (!actor) throw unauthenticated();
  if (!canReadLogOf(actor, userId)) throw forbidden();
  if (!(await userAccess(db, userId))) throw notFound('user.notFound');
  return { user: userId, tracking: await trackingOf(db, userId) };
}
