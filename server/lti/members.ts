import type { LtiPlatformRow } from '../../projections/lti/lti-platforms';
import type { Platform } from '../platform';
import { executeUser, systemMeta } from '../user/execute-user';
import { accountOfLtiPerson } from './accounts';
import { NRPS_SCOPE, teachesInContext } from './claims';
import type { LtiItem } from './items';
import { callPlatform } from './platform-calls';

interface Member {
  user_id?: unknown;
  status?: unknown;
  name?: unknown;
  email?: unknown;
  roles?: unknown;
}

/** The next page of a membership container, from its `Link: <…>; rel="next"` header (NRPS 2.0 §2.4.2). */
function nextPage(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return match[1]!;
  }
  return null;
}

/** At most this many pages of members are read in one sync: a context larger than that is cut off. */
const MAX_PAGES = 50;

/**
 * Links the active learners of the platform's context to the item (Names and Role Provisioning
 * Services 2.0): each gets their account here by (issuer, user id), as a launch would make it, so
 * they find the item before their first launch. Teachers of the context are not linked: the
 * platform's roles give no rights here.
 */
export async function linkContextMembers(
  platform: Platform,
  registered: LtiPlatformRow,
  membershipsUrl: string,
  item: Pick<LtiItem, 'itemType' | 'path'>,
): Promise<number> {
  const db = platform.database.db;
  let url: string | null = membershipsUrl;
  let linked = 0;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const response = await callPlatform(db, registered, NRPS_SCOPE, url, {
      method: 'GET',
      accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
    });
    const container = (await response.json()) as { members?: Member[] };
    for (const member of container.members ?? []) {
      const roles = Array.isArray(member.roles)
        ? member.roles.filter((role) => typeof role === 'string')
        : [];
      if (typeof member.user_id !== 'string' || !member.user_id || member.user_id.length > 255) continue;
      if ((member.status ?? 'Active') !== 'Active' || teachesInContext(roles)) continue;
      const userId = await accountOfLtiPerson(platform, {
        issuer: registered.issuer,
        subject: member.user_id,
        name: typeof member.name === 'string' ? member.name : undefined,
        email: typeof member.email === 'string' ? member.email : undefined,
      });
      await executeUser(platform, systemMeta('lti-members'), userId, {
        type: 'Link',
        data: { itemType: item.itemType, itemPath: item.path },
      });
      linked++;
    }
    url = nextPage(response.headers.get('link'));
  }
  return linked;
}
