import packageJson from '../../package.json' with { type: 'json' };

/**
 * What the command line asks for:
 * `srhr-platform [export [--with-files] <file> | import [--with-files] <file> | --help | --version]`.
 */
export type Command =
  | { name: 'serve' }
  | { name: 'help' }
  | { name: 'version' }
  | { name: 'export'; file: string; withFiles?: true }
  | { name: 'import'; file: string; withFiles?: true }
  | { name: 'invalid'; message: string };

export const version: string = packageJson.version;

export function parseCommandLine(args: string[]): Command {
  const [first, ...rest] = args;
  if (first === undefined || first === 'serve') {
    return rest.length === 0 ? { name: 'serve' } : { name: 'invalid', message: `Unexpected: ${rest[0]}` };
  }
  if (first === '--help' || first === '-h' || first === 'help') return { name: 'help' };
  if (first === '--version' || first === '-v' || first === 'version') return { name: 'version' };
  if (first === 'export' || first === 'import') {
    const withFiles = rest.includes('--with-files');
    const names = rest.filter((arg) => arg !== '--with-files');
    if (names.length !== 1 || !names[0] || (names[0].startsWith('--') && names[0] !== '-'))
      return {
        name: 'invalid',
        message: `${first} needs one file name (or - for standard ${first === 'export' ? 'output' : 'input'}).`,
      };
    // Only present when asked for: the plain commands keep their old shape.
    return { name: first, file: names[0], ...(withFiles ? { withFiles: true as const } : {}) };
  }
  return { name: 'invalid', message: `Unknown command or option: ${first}` };
}

/**
 * What an operator sets, as the binary prints it: the Variables table of
 * docs/operations/configuration.md. A test keeps the two in step and every variable the server reads
 * (`configurationVariables`) in both; what only tests and benchmarks read is on that page alone.
 */
export const configurationTable: { variables: string[]; defaults: string; meaning: string }[] = [
  { variables: ['PORT'], defaults: '3000', meaning: 'HTTP port.' },
  {
    variables: ['HOST'],
    defaults: '127.0.0.1',
    meaning: 'Interface to listen on (the Docker image sets 0.0.0.0).',
  },
  {
    variables: ['DATA_DIR'],
    defaults: './data',
    meaning:
      'Data folder: the embedded database (pgdata/), the token signing key (keys/), the mail outbox. Locked by one process at a time.',
  },
  {
    variables: ['DATABASE_URL'],
    defaults: 'unset',
    meaning: 'postgres://…: use this PostgreSQL server instead of the embedded database.',
  },
  { variables: ['DATABASE_POOL_SIZE'], defaults: '10', meaning: 'Connections in the PostgreSQL pool.' },
  {
    variables: ['SEED_DEMO'],
    defaults: 'true',
    meaning: 'Seed the demo content when the database has no events yet.',
  },
  {
    variables: ['LOG_LEVEL'],
    defaults: 'info',
    meaning: 'pino level: fatal, error, warn, info, debug, trace, silent.',
  },
  {
    variables: ['NODE_ENV'],
    defaults: 'development',
    meaning:
      'development, production or test. production refuses to start without PUBLIC_URL or, on an empty database, without any administrator, and warns without SMTP_URL (see Production start in the operations documentation).',
  },
  {
    variables: ['PUBLIC_URL'],
    defaults: 'http://localhost:$PORT',
    meaning:
      'Public address used in links inside e-mails and on certificates (their QR codes). Required with NODE_ENV=production: the start refuses without it.',
  },
  {
    variables: ['TENANT_CONFIG'],
    defaults: 'shipped default',
    meaning:
      'Path to a tenant JSON file (name, colours, fonts, images, texts per language, languages, signup fields, static pages with their address per language, analytics); see server/tenant/default-tenant.json and "The tenant file" in the guide.',
  },
  {
    variables: ['CLIENT_DIST'],
    defaults: './dist/client',
    meaning:
      'Where the built web client is served from. The binary carries its own and writes it once to ~/.cache/srhr-platform.',
  },
  {
    variables: ['STORAGE_DRIVER'],
    defaults: 'local',
    meaning:
      'Where uploads go: local keeps them in DATA_DIR/files (several instances need a shared volume); s3 keeps them in S3_BUCKET (see Storage in the operations documentation).',
  },
  {
    variables: ['S3_BUCKET', 'S3_REGION'],
    defaults: 'unset',
    meaning:
      'The bucket and its region, both required with STORAGE_DRIVER=s3. Credentials come from the standard AWS chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or a role). The start checks the bucket and stops naming what is wrong.',
  },
  {
    variables: ['S3_ENDPOINT'],
    defaults: 'AWS',
    meaning:
      'Address of an S3-compatible server (MinIO, Ceph, Garage, R2…) instead of AWS S3, http:// or https://.',
  },
  {
    variables: ['S3_FORCE_PATH_STYLE'],
    defaults: 'false',
    meaning:
      'true: address the bucket as ENDPOINT/BUCKET/KEY instead of BUCKET.ENDPOINT/KEY (most self-hosted servers need it).',
  },
  {
    variables: ['S3_PUBLIC_URL'],
    defaults: 'unset',
    meaning:
      "A CDN (or the bucket's public address) serving the bucket's objects: /files/… then redirects (302) there. Unset: the platform streams files from the bucket itself.",
  },
  {
    variables: ['IMAGE_MAX_MEGAPIXELS'],
    defaults: '50',
    meaning:
      'Largest image accepted (width × height, 1–1000 megapixels): a larger one is refused at upload (413), as is any image not decoding to PNG, JPEG, WebP or GIF (415), and never decoded by the image job.',
  },
  {
    variables: ['UPLOAD_QUOTA_MB', 'UPLOAD_QUOTA_STAFF_MB'],
    defaults: '100, 0',
    meaning:
      'Megabytes of uploads one user may keep stored: users without any role, then staff (anyone holding a role); 0: no limit. An upload past it is refused (413, uploads.quotaExceeded). See Uploads under Security.',
  },
  {
    variables: ['SMTP_URL'],
    defaults: 'unset',
    meaning:
      'smtp://user:pass@host:port for outgoing mail. Unset: mails go to the mail_outbox table (the log notes each one, without its text); with NODE_ENV=development (npm start) each is also printed whole, sign-up codes included; with NODE_ENV=production every start warns that nobody receives sign-up codes.',
  },
  {
    variables: ['MAIL_FROM'],
    defaults: 'Platform <no-reply@localhost>',
    meaning: 'Sender of outgoing mail.',
  },
  {
    variables: ['NOTIFY_EMAIL'],
    defaults: 'unset',
    meaning: 'Address told by mail when a course is created or published again.',
  },
  {
    variables: ['LIVE_REMINDER_MINUTES'],
    defaults: '1440,60',
    meaning:
      'Minutes before a live session or breakout round that those who asked for it get a reminder mail, comma separated (each 5–43200, at most 5); none sends none. See Live classrooms in the guide.',
  },
  {
    variables: ['CERTIFICATE_REMINDER_DAYS'],
    defaults: '60,30,7',
    meaning:
      'Days before a timed certificate expires that its holder gets a reminder mail, comma separated (each 1–3650, at most 10); none sends none. See Certificates in the guide.',
  },
  {
    variables: ['SHUTDOWN_TIMEOUT_MS'],
    defaults: '8000',
    meaning:
      "How long a graceful shutdown may take before the process exits anyway (100–3600000); under Docker's 10 s stop grace period, so the process ends by itself before it is killed. Uploads still arriving then are cut and their unfinished files removed.",
  },
  {
    variables: ['JWT_PRIVATE_KEY'],
    defaults: 'unset',
    meaning:
      'The private JWK (JSON) that signs ID tokens; give every instance the same one. Unset: a key is created in DATA_DIR/keys on first start.',
  },
  {
    variables: ['JWT_PRIVATE_KEY_FILE'],
    defaults: 'unset',
    meaning: 'A file holding that JWK (a Docker or Kubernetes secret); not together with JWT_PRIVATE_KEY.',
  },
  {
    variables: ['ID_TOKEN_TTL_SECONDS'],
    defaults: '900',
    meaning: 'Lifetime of an issued ID token (60–86400).',
  },
  {
    variables: ['SESSION_LIFETIME_SECONDS'],
    defaults: '43200 (12 h)',
    meaning:
      "A browser session's absolute lifetime (10–2592000): signed out this long after signing in, however much it is used. See Sessions under Security.",
  },
  {
    variables: ['SESSION_KEEP_SIGNED_IN_SECONDS'],
    defaults: '2592000 (30 days)',
    meaning:
      "The lifetime instead when the person ticks 'keep me signed in' (10–31536000); such a session has no idle timeout.",
  },
  {
    variables: ['SESSION_IDLE_SECONDS'],
    defaults: '7200 (2 h)',
    meaning: "A session not used for this long ends (10–2592000); not for 'keep me signed in'.",
  },
  {
    variables: ['REQUIRE_2FA_FOR_ROLES'],
    defaults: 'unset (nobody)',
    meaning:
      'Role names, comma separated (admin,teacher), or * for every account holding any role: such accounts must set up two-step sign-in before anything else. See Two-step sign-in under Security.',
  },
  {
    variables: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
    defaults: 'unset',
    meaning:
      'Set together (password of 8 characters or more, not among the 10,000 most used): an administrator account that every start creates, or brings back to this password and the admin role. With NODE_ENV=production and no administrator otherwise (no account with the admin role, no demo seeded), the start refuses on an empty database and warns on one with content.',
  },
  {
    variables: ['OIDC_ISSUER', 'OIDC_AUDIENCE'],
    defaults: 'unset',
    meaning:
      "Set together: also accept ID tokens of this external OIDC user pool (Cognito-compatible) for this audience (client id), only with email_verified: true. Its accounts start as participants; one whose address has an account here already must be linked by that account's owner (Security: external accounts).",
  },
  {
    variables: ['OIDC_JWKS_URL'],
    defaults: 'discovered',
    meaning:
      "Where that pool publishes its signing keys (JWKS); needs OIDC_ISSUER. Unset: taken from the issuer's /.well-known/openid-configuration.",
  },
  {
    variables: ['TRUST_PROXY'],
    defaults: 'unset',
    meaning:
      'Which proxies in front may name the client in X-Forwarded-For: a hop count (1: one load balancer) or a comma-separated list of proxy addresses, CIDR ranges or loopback, linklocal, uniquelocal. Unset: the connecting address is the client (right without a proxy). Request limits, sign-in throttling and logs use the result.',
  },
  {
    variables: ['CORS_ORIGINS'],
    defaults: 'unset',
    meaning:
      'Comma-separated origins (https://app.example.org) whose pages may call the API from a browser, with credentials. Unset: no cross-origin access; other origins never get CORS headers.',
  },
  {
    variables: ['CSP_FRAME_HOSTS'],
    defaults: 'unset',
    meaning:
      'Comma-separated https origins the pages may embed besides YouTube and Vimeo (a video-meeting host, another player): added to the CSP frame-src.',
  },
  {
    variables: ['JITSI_DOMAIN'],
    defaults: 'meet.jit.si',
    meaning:
      "Host name of the Jitsi server of jitsi classrooms: the client loads its external API script from https://<host> and frames its rooms (both allowed by the CSP). A classroom's room is its meetingId, else a slug of section and classroom name.",
  },
  {
    variables: ['ZOOM_SDK_KEY', 'ZOOM_SDK_SECRET'],
    defaults: 'unset',
    meaning:
      'Set together: the Zoom Meeting SDK app key and secret. A zoom classroom then gets a meeting signature made on the server (HS256, role 1 for admins and teachers, 0 otherwise) and the CSP allows Zoom. Unset: zoom classrooms cannot load.',
  },
  {
    variables: ['XAPI_IRI_BASE'],
    defaults: 'unset',
    meaning:
      'A new address (http:// or https://) for the IRIs of xAPI statements made from this start on, after the site moved; statements made before keep theirs. Unset: the base fixed at the first start (the public address then) stays (xAPI).',
  },
  {
    variables: ['XAPI_ENDPOINT', 'XAPI_KEY', 'XAPI_SECRET'],
    defaults: 'unset',
    meaning:
      'Set together: the LRS that xAPI statements are pushed to (its xAPI address, http:// or https://; statements go to <XAPI_ENDPOINT>/statements) and its Basic-auth key and secret. Unset: statements are only kept and served at GET /xapi/statements (see xAPI statements).',
  },
  {
    variables: ['METRICS_TOKEN'],
    defaults: 'unset',
    meaning:
      'Bearer token that /metrics asks for (16 characters or more). Unset: /metrics is open outside production and closed (404) in production.',
  },
  {
    variables: ['GRAPHQL_INTROSPECTION'],
    defaults: 'on outside production',
    meaning:
      'GraphQL schema introspection and "Did you mean …" suggestions. Off by default in production; true turns them on there.',
  },
  {
    variables: [
      'RATE_LIMIT_WINDOW_SECONDS',
      'RATE_LIMIT_PER_ADDRESS',
      'RATE_LIMIT_PER_USER',
      'RATE_LIMIT_UPLOADS',
    ],
    defaults: '60, 3000, 1200, 120',
    meaning:
      'Request limits kept in the database (shared by every instance): per window, tRPC and GraphQL requests per client address and per signed-in user, and uploads per address and per user; 0 switches one off. Over a limit: 429 with Retry-After.',
  },
  {
    variables: ['AUTH_LIMIT_PER_ADDRESS'],
    defaults: '50',
    meaning:
      'Sign-ups, checked codes and code mails from one client address per 15 minutes (over it: 429). Raise it when many people sign up from one address, such as a training room behind one router.',
  },
  {
    variables: ['INVITATION_TTL_DAYS'],
    defaults: '7',
    meaning:
      'Days the sign-up link in an invitation mail works (1–90): the mail an account made or imported by an administrator gets, which sets the password and signs in. It works once; an expired or used link offers to mail a new one.',
  },
];

function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => indent + l).join('\n');
}

/**
 * Rows whose text on that page points into the source tree, worded for someone who has only the
 * binary (keyed by the row's first variable).
 */
const binaryWording: Record<string, string> = {
  TENANT_CONFIG:
    'Path to a tenant JSON file (name, colours, fonts, images, texts per language, languages, signup fields, static pages with their address per language, analytics); see "The tenant file" in the guide.',
};

export function helpText(): string {
  const program = 'srhr-platform';
  const table = configurationTable
    .map((row) => {
      const meaning = binaryWording[row.variables[0]!] ?? row.meaning;
      return `  ${row.variables.join(', ')}  (default: ${row.defaults})\n${wrap(meaning, 84, '      ')}`;
    })
    .join('\n');
  return `SRHR learning platform ${version}

Usage:
  ${program}                  start the platform (embedded database in ./data unless DATABASE_URL is set)
  ${program} export <file>    write the event log (and the private state a restore needs) as NDJSON
                                 with a checksum line; - writes to standard output
  ${program} export --with-files <file>
                              also copy every uploaded file (local folder or S3 bucket) into
                                 <file>.files/, with their SHA-256 in <file>.files/files.sha256
  ${program} import <file>    load such a file into an EMPTY database and rebuild every read table;
                                 - reads standard input. When <file>.files/ is there, every checksum
                                 is verified first, then the files go into the configured storage
                                 (STORAGE_DRIVER local or s3); a damaged backup changes nothing.
                                 --with-files: refuse when that folder is missing
  ${program} --help           this text
  ${program} --version        the version

From a source checkout: npm start, npm run export -- <file>, npm run import -- <file>.
PostgreSQL and S3: run both with DATABASE_URL and STORAGE_DRIVER=s3, S3_BUCKET, S3_REGION (S3_ENDPOINT…)
set as for the server; export may run while instances serve. Bucket versioning or replication keep
older copies of the uploads too; the folder is a copy you hold yourself.

Configuration (environment variables, validated at start; one set to nothing counts as unset):
${table}
`;
}
