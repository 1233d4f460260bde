import type { CertificateKind } from '../../events/certificate/events';
import { DAY_MS, daysUntil } from '../../events/certificate/reminders';
import type { Actor } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import {
  type ExpiringCertificate,
  type ExpiringCursor,
  expiringCertificates,
} from '../../projections/certificate/certificate-reminders';
import { findUsersByIds } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { userFor } from '../user/queries';

/** The admin list looks this many days ahead ('expiring in the next 90 days': docs/guide/certificates.md). */
const EXPIRING_WINDOW_DAYS = 90;

/** One certificate of the admin list: who holds it, for what, when it expires, what they were told. */
export interface ExpiringEntry {
  code: string;
  kind: CertificateKind;
  itemPath: string;
  itemName: string;
  userId: string;
  name: string;
  email: string;
  language: Language;
  issuedAt: string;
  expiresAt: string;
  daysLeft: number;
  /** Thresholds (days before expiry) its holder was reminded of, largest first. */
  reminded: number[];
}

/** The current names of these modules and courses, by id (a path or name may have changed since issue). */
async function itemNames(db: Db, certificates: readonly ExpiringCertificate[]) {
  const ids = (kind: CertificateKind) => [
    ...new Set(certificates.filter((each) => each.kind === kind).map((each) => each.itemId)),
  ];
  const moduleIds = ids('module');
  const courseIds = ids('course');
  const [modules, courses] = await Promise.all([
    moduleIds.length === 0
      ? []
      : db
          .selectFrom('module_summaries')
          .select(['module_id as id', 'name', 'path'])
          .where('module_id', 'in', moduleIds)
          .execute(),
    courseIds.length === 0
      ? []
      : db
          .selectFrom('course_summaries')
          .select(['course_id as id', 'name', 'path'])
          .where('course_id', 'in', courseIds)
          .execute(),
  ]);
  return new Map([...modules, ...courses].map((item) => [item.id, item]));
}

/** The certificates as the list shows them: with holder and item, in three statements whatever their number. */
async function entriesOf(
  db: Db,
  actor: Actor,
  certificates: readonly ExpiringCertificate[],
  now: Date,
): Promise<ExpiringEntry[]> {
  const [people, items] = await Promise.all([
    findUsersByIds(db, [...new Set(certificates.map((each) => each.userId))]),
    itemNames(db, certificates),
  ]);
  const byId = new Map(people.map((person) => [person._id, person]));
  return certificates.flatMap((certificate) => {
    const found = byId.get(certificate.userId);
    // Erased in between the two reads: their certificates are gone too.
    if (!found) return [];
    const holder = userFor(actor, found);
    const item = items.get(certificate.itemId);
    return [
      {
        code: certificate.code,
        kind: certificate.kind,
        itemPath: item?.path ?? certificate.itemPath,
        itemName: item?.name ?? certificate.itemPath,
        userId: certificate.userId,
        name: holder.name,
        email: holder.email,
        language: holder.language,
        issuedAt: certificate.issuedAt,
        expiresAt: certificate.expiresAt,
        daysLeft: daysUntil(certificate.expiresAt, now.toISOString()),
        reminded: certificate.reminded,
      },
    ];
  });
}

const windowEnd = (now: Date) => new Date(now.getTime() + EXPIRING_WINDOW_DAYS * DAY_MS);

/**
 * Standing certificates that expire in the next 90 days, soonest first (admin list). Checked by the
 * caller: it holds names and e-mail addresses of every holder (manage_users), each still as this
 * actor's audience sees them (`userFor`), like every list that names people.
 */
export async function expiringList(db: Db, actor: Actor, now = new Date()) {
  const certificates = await expiringCertificates(db, now, windowEnd(now));
  return { days: EXPIRING_WINDOW_DAYS, certificates: await entriesOf(db, actor, certificates, now) };
}

/** The same list page by page (keyset), for the CSV export that streams it. */
export async function* expiringPages(db: Db, actor: Actor, now = new Date(), pageSize = 500) {
  let after: ExpiringCursor | null = null;
  for (;;) {
    const page = await expiringCertificates(db, now, windowEnd(now), { after, limit: pageSize });
    if (page.length === 0) return;
    yield await entriesOf(db, actor, page, now);
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    after = { expiresAt: last.expiresAt, certificateId: last.certificateId };
  }
}
