import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { findUserIdByEmail } from '../../projections/user/users';
import { lockEmail } from '../auth/account';
import { ownerOfIdentity, recordIdentity } from '../auth/external-identities';
import type { Platform } from '../platform';
import { executeUser, systemMeta } from '../user/execute-user';

/** Thrown inside the provisioning transaction when another launch recorded the person first. */
class RecordedMeanwhile extends Error {}
/** Thrown inside it when the platform's address turned out to be someone's. */
class AddressTaken extends Error {}

const email = z.email().max(254);

/** What a platform tells about a person: its ids and what it shares of their name and address. */
export interface LtiPerson {
  issuer: string;
  subject: string;
  name?: string;
  email?: string;
}

/** A name to show: the platform's, else a neutral one with a short stable mark. */
function nameOf(person: LtiPerson, mark: string): string {
  const name = person.name?.trim();
  return name ? name.slice(0, 200) : `LTI ${mark}`;
}

/**
 * The account a platform's person works in here, found by (issuer, subject) and never by address
 * alone: an address that already has an account here opens a separate account, so a platform cannot
 * take over someone's account by naming their address. The first launch makes the account
 * (UserProvisioned) with the platform's address when it is free, else one that takes no mail
 * (`…@lti.invalid`), and records the pair in the same transaction.
 */
export async function accountOfLtiPerson(platform: Platform, person: LtiPerson): Promise<string> {
  const db = platform.database.db;
  const known = await ownerOfIdentity(db, person);
  if (known) return known;
  const mark = createHash('sha256').update(`${person.issuer} ${person.subject}`).digest('hex').slice(0, 16);
  const given = email.safeParse(person.email?.trim().toLowerCase());
  const wanted = given.success ? given.data : null;
  const userId = randomUUID();
  try {
    await executeUser(
      platform,
      systemMeta('lti-launch'),
      userId,
      {
        type: 'Provision',
        data: {
          userId,
          email: wanted ?? `lti-${mark}@lti.invalid`,
          name: nameOf(person, mark),
          issuer: person.issuer,
        },
      },
      {
        before: async (trx) => {
          if (wanted) {
            await lockEmail(trx, wanted);
            // The address is someone's: the person gets an account of their own instead.
            if (await findUserIdByEmail(trx, wanted)) throw new AddressTaken();
          }
          if (!(await recordIdentity(trx, userId, person, 'lti'))) throw new RecordedMeanwhile();
        },
      },
    );
    return userId;
  } catch (error) {
    if (error instanceof AddressTaken && wanted)
      return accountOfLtiPerson(platform, { ...person, email: undefined });
    if (!(error instanceof RecordedMeanwhile)) throw error;
    const owner = await ownerOfIdentity(db, person);
    if (!owner) throw error;
    return owner;
  }
}
