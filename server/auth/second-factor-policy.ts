import type { Actor } from '../../events/permissions';
import type { Config } from '../config';
import type { Db } from '../db/tables';

/**
 * Whether REQUIRE_2FA_FOR_ROLES asks these roles for a second factor: `*` asks every account that
 * holds any role, a list (`admin,teacher`) the accounts holding one of those; empty asks nobody.
 */
export function secondFactorRequiredFor(config: Pick<Config, 'REQUIRE_2FA_FOR_ROLES'>, roles: string[]) {
  const required = config.REQUIRE_2FA_FOR_ROLES;
  if (roles.length === 0 || required.length === 0) return false;
  return required.includes('*') || roles.some((role) => required.includes(role));
}

/** Whether a second factor guards the account (a confirmed secret; one waiting for its code does not). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the actor must enrol a second factor before anything else: their roles call for one and
 * they have none yet. Asked on every request of such an account, so a role given while signed in,
 * or a factor reset by an administrator, counts at once; accounts the setting does not concern cost
 * no statement.
 */
export async function mustEnrol(platform: { config: Config; database: { db: Db } }, actor: Actor) {
  if (!secondFactorRequiredFor(platform.config, actor.roles)) return false;
  return !(await hasSecondFactor(platform.database.db, actor.userId));
}
