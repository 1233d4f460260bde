import { SignJWT } from 'jose';
import { notFound } from '../../../events/errors';
import { type Actor, can } from '../../../events/permissions';
import { findCertificateByCode } from '../../../projections/certificate/certificates';
import {
  revokedIndexes,
  statusEntryOf,
  statusListInUse,
} from '../../../projections/certificate/credential-status';
import { ownersOfCourse } from '../../../projections/course/course-owners';
import { findCourseByPath } from '../../../projections/course/course-summaries';
import { ownersOfModule } from '../../../projections/module/module-owners';
import { findModuleByPath } from '../../../projections/module/module-summaries';
import { findUserById } from '../../../projections/user/users';
import { translator } from '../../i18n';
import type { Platform } from '../../platform';
import { asSeenBy } from '../../user/queries';
import { configOrDefault, publicUrlOf } from '../queries';
import {
  badgeUrls,
  criteriaOf,
  type OpenBadgeCredential,
  openBadgeCredential,
  VC_CONTEXT,
} from './credential';
import { CREDENTIAL_ALGORITHM } from './keys';
import { encodeStatusList } from './status-list';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * A credential as a VC-JWT (VC-JOSE-COSE): the credential itself is the payload, with the JWT claims
 * that repeat it (iss, jti, nbf, exp) so JWT libraries check them; `kid` names the signing key in
 * the published key set, so the key can rotate and this credential still verifies.
 */
function signCredential(
  platform: Platform,
  credential: { id: string; issuer: string | { id: string }; validFrom: string; validUntil?: string },
): Promise<string> {
  const jwt = new SignJWT(credential as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: CREDENTIAL_ALGORITHM, kid: platform.keys.kid, typ: 'vc+jwt', cty: 'vc' })
    .setIssuer(typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(seconds(credential.validFrom));
  if (credential.validUntil) jwt.setExpirationTime(seconds(credential.validUntil));
  return jwt.sign(platform.keys.privateKey);
}

/**
 * A certificate's OpenBadgeCredential and its VC-JWT, for who may download its PDF: the holder,
 * the view right and the item's owners. Others get NotFound, as if the code did not exist.
 */
export async function credentialOf(
  platform: Platform,
  actor: Actor,
  code: string,
): Promise<{ credential: OpenBadgeCredential; jwt: string }> {
  const db = platform.database.db;
  const certificate = await findCertificateByCode(db, code);
  if (!certificate) throw notFound('certificates.errors.notFound');
  const module = certificate.kind === 'module' ? await findModuleByPath(db, certificate.itemPath) : null;
  const course = certificate.kind === 'course' ? await findCourseByPath(db, certificate.itemPath) : null;
  const item = module ?? course;
  const [holder, status] = await Promise.all([
    findUserById(db, certificate.userId),
    statusEntryOf(db, certificate.certificateId),
  ]);
  if (!item || !holder || !status) throw notFound('certificates.errors.notFound');
  const owners = module
    ? await ownersOfModule(db, module.moduleId)
    : await ownersOfCourse(db, course!.courseId);
  const allowed = actor.userId === certificate.userId || can(actor, 'view') || can(actor, 'edit', { owners });
  if (!allowed) throw notFound('certificates.errors.notFound');
  const config = await configOrDefault(db, certificate.kind, certificate.itemId);
  const t = translator(item.language);
  const credential = openBadgeCredential({
    publicUrl: publicUrlOf(platform),
    issuerName: platform.tenant.name,
    certificate,
    // A teacher's copy of a private holder's credential names no one; the holder's own names them.
    holderName: asSeenBy(actor, holder).name,
    item: {
      name: item.name,
      language: item.language,
      description: t(`badges.achievement.${certificate.kind}`, { name: item.name }),
    },
    criteria: criteriaOf(certificate.kind, config, (key, params) => t(key, params ?? {})),
    status,
  });
  return { credential, jwt: await signCredential(platform, credential) };
}

/** How long a verifier may keep a status list before asking again. */
export const STATUS_LIST_TTL_MS = 5 * 60 * 1000;

/**
 * A BitstringStatusListCredential (revocation) as a VC-JWT, signed now with the current key; valid
 * a day, so an old copy cannot be replayed to hide a revocation for long. Null for a list that
 * holds no certificate.
 */
export async function statusListJwt(
  platform: Platform,
  list: number,
  now = new Date(),
): Promise<string | null> {
  const db = platform.database.db;
  const urls = badgeUrls(publicUrlOf(platform));
  if (!(await statusListInUse(db, list))) return null;
  const validFrom = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return signCredential(platform, {
    '@context': [VC_CONTEXT],
    id: urls.statusList(list),
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: urls.issuer,
    validFrom: validFrom.toISOString(),
    validUntil: new Date(validFrom.getTime() + 86_400_000).toISOString(),
    credentialSubject: {
      id: `${urls.statusList(list)}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(await revokedIndexes(db, list)),
      ttl: STATUS_LIST_TTL_MS,
    },
  } as Parameters<typeof signCredential>[1]);
}
