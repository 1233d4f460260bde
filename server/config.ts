import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from '../events/user/common-passwords';
import { loadTenant, TenantConfigError } from './tenant/config';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * A whole number written in decimal digits, from `min` to `max`. Nothing else is read as a number:
 * `Number()` would take '' or ' ' for 0 (PORT= listened on a random port), '0x10' for 16, '1e3' for
 * 1000.
 */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { message })
    .transform(Number)
    .pipe(z.number().min(min, { message }).max(max, { message }))
    .default(fallback);
};

/** A number in decimal digits (a fraction allowed), from `min` to `max`. */
const decimalNumber = (min: number, max: number, fallback: number) => {
  const message = `must be a number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { message })
    .transform(Number)
    .pipe(z.number().min(min, { message }).max(max, { message }))
    .default(fallback);
};

/** A count of requests per window; 0 switches that limit off. */
const requestLimit = (fallback: number) => wholeNumber(0, 1_000_000, fallback);

/**
 * TRUST_PROXY: unset or `false` (the socket's address is the client), a hop count (`1`: one load
 * balancer in front), or a comma-separated list of proxy addresses, CIDR ranges or the names
 * `loopback`, `linklocal`, `uniquelocal`. Becomes Fastify's `trustProxy` option.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const named = ['loopback', 'linklocal', 'uniquelocal'];
    const bad = entries.filter((entry) => {
      if (named.includes(entry)) return false;
      const [address, bits, ...rest] = entry.split('/');
      const family = net.isIP(address ?? '');
      if (!family || rest.length > 0) return true;
      if (bits === undefined) return false;
      return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
    });
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count or a list of addresses/CIDR ranges (not ${bad.join(', ') || 'empty'})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** CORS_ORIGINS: comma-separated origins (`https://app.example.org`) that may call the API from a browser. */
const corsOrigins = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => {
      if (!URL.canParse(entry)) return true;
      const url = new URL(entry);
      return !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '');
    });
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be origins like https://app.example.org (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries.map((entry) => new URL(entry).origin);
  });

/** A comma-separated list of https origins the pages may embed or load from (CSP). */
const hostList = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !URL.canParse(entry) || new URL(entry).protocol !== 'https:');
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be https origins like https://meet.example.org (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries.map((entry) => new URL(entry).origin);
  });

/**
 * CERTIFICATE_REMINDER_DAYS: days before a timed certificate's expiry its holder is reminded, comma
 * separated (`60,30,7`), each from 1 to 3650; `none` sends no reminders.
 */
const reminderDays = z
  .string()
  .trim()
  .default('60,30,7')
  .transform((value, ctx): number[] => {
    if (value.toLowerCase() === 'none') return [];
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !/^\d+$/.test(entry) || Number(entry) < 1 || Number(entry) > 3650);
    if (bad.length > 0 || entries.length > 10) {
      ctx.addIssue({
        code: 'custom',
        message: `must be up to 10 whole numbers of days from 1 to 3650, comma separated (like 60,30,7), or none`,
      });
      return z.NEVER;
    }
    return [...new Set(entries.map(Number))].sort((a, b) => b - a);
  });

/**
 * LIVE_REMINDER_MINUTES: minutes before a live session or breakout round that those who asked for it
 * get a reminder mail, comma separated (`1440,60`: a day and an hour), each from 5 to 43200 (30
 * days); `none` sends none. The reminder job runs every five minutes, hence the floor.
 */
const liveReminderMinutes = z
  .string()
  .trim()
  .default('1440,60')
  .transform((value, ctx): number[] => {
    if (value.toLowerCase() === 'none') return [];
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter(
      (entry) => !/^\d+$/.test(entry) || Number(entry) < 5 || Number(entry) > 43_200,
    );
    if (bad.length > 0 || entries.length > 5) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be up to 5 whole numbers of minutes from 5 to 43200, comma separated (like 1440,60), or none',
      });
      return z.NEVER;
    }
    return [...new Set(entries.map(Number))].sort((a, b) => b - a);
  });

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/**
 * REQUIRE_2FA_FOR_ROLES: role names, comma separated (`admin,teacher`), whose holders must enrol a
 * second factor before anything else; `*` for every account holding any role; empty: nobody.
 */
const rolesList = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const entries = [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    ];
    const bad = entries.filter((entry) => entry !== '*' && !/^[^\s,]{1,60}$/.test(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be role names, comma separated (like admin,teacher), or *',
      });
      return z.NEVER;
    }
    return entries;
  });

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber(0, 65_535, 3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.refine((url) => !url || /^postgres(ql)?:\/\//.test(url), {
      message: 'must start with postgres:// or postgresql://',
    }),
    DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
    SEED_DEMO: booleanFlag.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
    TENANT_CONFIG: optionalText,
    CLIENT_DIST: z.string().min(1).default('./dist/client'),
    /** Where uploads go: `local` (DATA_DIR/files) or `s3` (S3_BUCKET; server/file/s3-storage.ts). */
    STORAGE_DRIVER: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    /** An S3-compatible server (MinIO, Ceph, Garage, R2…) instead of AWS. */
    S3_ENDPOINT: optionalText.refine((url) => !url || /^https?:\/\/[^/]/.test(url), {
      message: 'must be an http:// or https:// address',
    }),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** A CDN (or the bucket's public address) in front of the bucket: files are served from there. */
    S3_PUBLIC_URL: optionalText.refine((url) => !url || /^https?:\/\/[^/]/.test(url), {
      message: 'must be an http:// or https:// address',
    }),
    /** Images with more pixels (width × height) are refused at upload and never decoded by the image job. */
    IMAGE_MAX_MEGAPIXELS: decimalNumber(1, 1000, 50),
    /** Megabytes of uploads each user without any role may keep stored; 0: no limit. */
    UPLOAD_QUOTA_MB: wholeNumber(0, 10_000_000, 100),
    /** The same for staff (anyone holding a role); 0, the default: no limit. */
    UPLOAD_QUOTA_STAFF_MB: wholeNumber(0, 10_000_000, 0),
    SMTP_URL: optionalText.refine((url) => !url || /^smtps?:\/\//.test(url), {
      message: 'must start with smtp:// or smtps://',
    }),
    MAIL_FROM: z.string().min(3).default('Platform <no-reply@localhost>'),
    NOTIFY_EMAIL: optionalText.refine((mail) => !mail || z.email().safeParse(mail).success, {
      message: 'must be an e-mail address',
    }),
    CERTIFICATE_REMINDER_DAYS: reminderDays,
    LIVE_REMINDER_MINUTES: liveReminderMinutes,
    /** Below Docker's 10 s stop grace period, so the process ends by itself before it is killed. */
    SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 3_600_000, 8000),
    /** A private JWK (JSON) that signs ID tokens; several instances given the same key sign alike. */
    JWT_PRIVATE_KEY: optionalText.refine((jwk) => !jwk || isPrivateJwk(jwk), {
      message: 'must be a private JWK in JSON (with "d")',
    }),
    JWT_PRIVATE_KEY_FILE: optionalText,
    ID_TOKEN_TTL_SECONDS: wholeNumber(60, 86_400, 900),
    /** Holders of these roles (`*`: of any role) enrol a second factor before anything else. */
    REQUIRE_2FA_FOR_ROLES: rolesList,
    /** A browser session's absolute lifetime: signed out this long after signing in, however used. */
    SESSION_LIFETIME_SECONDS: wholeNumber(10, 2_592_000, 43_200),
    /** The absolute lifetime instead when the person ticked 'keep me signed in'. */
    SESSION_KEEP_SIGNED_IN_SECONDS: wholeNumber(10, 31_536_000, 2_592_000),
    /** A session not used for this long ends (not for 'keep me signed in', which has only its lifetime). */
    SESSION_IDLE_SECONDS: wholeNumber(10, 2_592_000, 7_200),
    ADMIN_EMAIL: optionalText.refine((mail) => !mail || z.email().safeParse(mail).success, {
      message: 'must be an e-mail address',
    }),
    ADMIN_PASSWORD: optionalText
      .refine((password) => !password || password.length >= 8, { message: 'must have at least 8 characters' })
      // The same rule as every account's password: the administrator's is the one most worth guessing.
      .refine((password) => !password || !isCommonPassword(password), {
        message: 'is among the 10,000 most used passwords; choose another',
      }),
    OIDC_ISSUER: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
    OIDC_AUDIENCE: optionalText,
    OIDC_JWKS_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
    TRUST_PROXY: trustProxy,
    CORS_ORIGINS: corsOrigins,
    /** Extra https origins the pages may frame (video meetings, other players): CSP frame-src. */
    CSP_FRAME_HOSTS: hostList,
    /** The Jitsi server of jitsi classrooms: its external API script and frames (CSP), a host name. */
    JITSI_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
        {
          message: 'must be a host name like meet.jit.si (no scheme, no path)',
        },
      )
      .default('meet.jit.si'),
    /** Zoom Meeting SDK app credentials: zoom classrooms get a signature made with them (both or neither). */
    ZOOM_SDK_KEY: optionalText,
    ZOOM_SDK_SECRET: optionalText,
    /**
     * A new address for the IRIs of xAPI statements made from now on (a site that moved); unset: the
     * one fixed at the first start stays (docs/integrating/xapi.md).
     */
    XAPI_IRI_BASE: optionalText.refine((url) => !url || /^https?:\/\/[^/]/.test(url), {
      message: 'must be an http:// or https:// address',
    }),
    /** The LRS that xAPI statements are pushed to (its xAPI base address) and its Basic credentials: all three or none. */
    XAPI_ENDPOINT: optionalText.refine((url) => !url || /^https?:\/\/[^/]/.test(url), {
      message: 'must be an http:// or https:// address',
    }),
    XAPI_KEY: optionalText,
    XAPI_SECRET: optionalText,
    /** A bearer token /metrics asks for; in production /metrics is closed without one. */
    METRICS_TOKEN: optionalText.refine((token) => !token || token.length >= 16, {
      message: 'must have at least 16 characters',
    }),
    /** Introspection and field suggestions; default on outside production, off in production. */
    GRAPHQL_INTROSPECTION: booleanFlag.optional(),
    RATE_LIMIT_WINDOW_SECONDS: wholeNumber(1, 86_400, 60),
    RATE_LIMIT_PER_ADDRESS: requestLimit(3000),
    RATE_LIMIT_PER_USER: requestLimit(1200),
    RATE_LIMIT_UPLOADS: requestLimit(120),
    /** Sign-ups, code checks and code mails from one client address per 15 minutes. */
    AUTH_LIMIT_PER_ADDRESS: wholeNumber(1, 1_000_000, 50),
    /** How many days the sign-up link of an invitation (an account an administrator made) works. */
    INVITATION_TTL_DAYS: wholeNumber(1, 90, 7),
  })
  .superRefine((config, ctx) => {
    const together = (a: keyof typeof config, b: keyof typeof config) => {
      if (Boolean(config[a]) !== Boolean(config[b])) {
        ctx.addIssue({
          code: 'custom',
          path: [config[a] ? b : a],
          message: `must be set together with ${config[a] ? a : b}`,
        });
      }
    };
    together('ADMIN_EMAIL', 'ADMIN_PASSWORD');
    if (config.STORAGE_DRIVER === 's3') {
      for (const variable of ['S3_BUCKET', 'S3_REGION'] as const) {
        if (!config[variable]) {
          ctx.addIssue({
            code: 'custom',
            path: [variable],
            message: 'must be set when STORAGE_DRIVER is s3',
          });
        }
      }
    }
    together('OIDC_ISSUER', 'OIDC_AUDIENCE');
    together('ZOOM_SDK_KEY', 'ZOOM_SDK_SECRET');
    together('XAPI_ENDPOINT', 'XAPI_KEY');
    together('XAPI_ENDPOINT', 'XAPI_SECRET');
    if (config.OIDC_JWKS_URL && !config.OIDC_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must be set when OIDC_JWKS_URL is set',
      });
    }
    if (config.JWT_PRIVATE_KEY && config.JWT_PRIVATE_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_PRIVATE_KEY_FILE'],
        message: 'give JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE, not both',
      });
    } else if (config.JWT_PRIVATE_KEY_FILE) {
      const problem = keyFileProblem(config.JWT_PRIVATE_KEY_FILE);
      if (problem) ctx.addIssue({ code: 'custom', path: ['JWT_PRIVATE_KEY_FILE'], message: problem });
    }
    // Files are read at start, so a wrong one stops the start with the variable's name.
    if (config.TENANT_CONFIG) {
      try {
        loadTenant(config.TENANT_CONFIG);
      } catch (error) {
        if (!(error instanceof TenantConfigError)) throw error;
        ctx.addIssue({ code: 'custom', path: ['TENANT_CONFIG'], message: error.problem });
      }
    }
  });

/**
 * Every environment variable the server reads, by name: what an operator may set (the operations
 * guide's configuration table and --help list exactly these; tests and benchmarks read others).
 */
export const configurationVariables: readonly string[] = Object.keys(configSchema.shape);

/** Why the file JWT_PRIVATE_KEY_FILE names cannot serve as the signing key, or null when it can. */
function keyFileProblem(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return isPrivateJwk(text.trim()) ? null : `${file} must hold a private JWK in JSON (with "d")`;
}

function isPrivateJwk(text: string): boolean {
  try {
    const jwk = JSON.parse(text) as { d?: unknown; kty?: unknown };
    return typeof jwk.d === 'string' && typeof jwk.kty === 'string';
  } catch {
    return false;
  }
}

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/**
 * Reads and validates the environment; a bad value is a ConfigError naming every offending variable.
 * A variable set to nothing (`PORT=`, or only spaces) counts as unset: its default applies.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
