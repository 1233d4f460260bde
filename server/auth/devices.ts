import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/tables';
import { readCookie } from './sessions';

/**
 * A device is a browser (or an API client) that signed in to an account before. A browser is known
 * by a random id in a cookie of its own, kept across sign-outs and sessions; an API client, which
 * keeps no cookie, by its User-Agent and address prefix. Only hashes of either are stored.
 */
const DEVICE_COOKIE = 'srhr_device';
const SECURE_DEVICE_COOKIE = '__Host-srhr_device';
/** The longest a browser keeps a cookie (Chrome caps Max-Age at 400 days). */
const DEVICE_COOKIE_SECONDS = 400 * 86_400;

/** The device id a browser sent, or null (none yet, or not of our shape). */
export function deviceIdOf(cookieHeader: string | undefined, secure: boolean): string | null {
  const id = readCookie(cookieHeader, secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);
  return id && /^[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}

export const newDeviceId = () => randomBytes(16).toString('base64url');

/** The device cookie, under the same rules as the refresh cookie (sessions.ts, `sessionCookie`). */
export function deviceCookie(id: string, secure: boolean): string {
  return secure
    ? `${SECURE_DEVICE_COOKIE}=${id}; Max-Age=${DEVICE_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Strict; Secure`
    : `${DEVICE_COOKIE}=${id}; Max-Age=${DEVICE_COOKIE_SECONDS}; Path=/auth; HttpOnly; SameSite=Strict`;
}

/** What a device is known by: a browser by its id, an API client by its User-Agent and place. */
export const deviceHashOf = (
  device: { browserId: string } | { userAgent: string | null; place: string | null },
) =>
  createHash('sha256')
    .update(
      'browserId' in device
        ? `browser:${device.browserId}`
        : `api:${JSON.stringify([device.userAgent, device.place])}`,
    )
    .digest('hex');

/**
 * Notes that a device signed in to the account: `known` when it had before, `new` when it had not
 * but the account had signed in elsewhere before (its owner is told), `first` for the account's very
 * first device (nothing to tell: that is the owner, just verified). Two parallel sign-ins from one
 * new device insert once; the other reads `known`, so the owner is told once.
 */
export async function rememberDevice(
  db: Db,
  userId: string,
  deviceHash: string,
  now: Date,
): Promise<'known' | 'new' | 'first'> {
  const seen = await db
    .updateTable('known_devices')
    .set({ last_seen_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .returning('user_id')
    .executeTakeFirst();
  if (seen) return 'known';
  const others = await db
    .selectFrom('known_devices')
    .select('device_hash')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  const added = await db
    .insertInto('known_devices')
    .values({
      user_id: userId,
      device_hash: deviceHash,
      first_seen_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!added) return 'known';
  return others ? 'new' : 'first';
}

/** A browser and a system named from a User-Agent, as 'Your sessions' and the new-device mail show them. */
export interface DeviceName {
  browser: string | null;
  system: string | null;
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Headless)?(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Playwright\//, 'Playwright'],
  [/^node\b|^undici\b|^node-fetch\b/i, 'Node.js'],
  [/^python-requests\//, 'Python'],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** The browser and system a User-Agent names, each null when it names none we know. */
export function deviceNameOf(userAgent: string | null): DeviceName {
  const text = userAgent ?? '';
  return {
    browser: browsers.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    system: systems.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}
