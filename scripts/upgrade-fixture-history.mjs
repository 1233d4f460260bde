// Writes the history of an upgrade fixture through a release's own API, as a client would: the
// release (checked out in its own folder) is started as `npm start` starts it, on an empty data
// folder, mailing through an SMTP sink on loopback (the participant signs up with the mailed code).
// Called by scripts/make-upgrade-fixture.sh; prints what it wrote as JSON (fixture.json).
//
//   node scripts/upgrade-fixture-history.mjs <release folder> <data folder> <fixture.json>
//
// Only routes and procedures that every release since the certificates has are used (tRPC over
// HTTP, /auth/*), so the same script writes the history of older and newer releases alike.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const [releaseDir, dataDir, fixtureFile] = process.argv.slice(2);
if (!releaseDir || !dataDir || !fixtureFile) {
  console.error(
    'usage: node scripts/upgrade-fixture-history.mjs <release folder> <data folder> <fixture.json>',
  );
  process.exit(2);
}

const admin = { email: 'upgrade-admin@example.org', password: 'upgrade-admin-passphrase' };
const participant = {
  email: 'upgrade-participant@example.org',
  password: 'upgrade-participant-passphrase',
  name: 'Una Upgrade',
};
const paths = {
  course: 'upgrade-course',
  section: 'upgrade-section',
  module: 'upgrade-module',
  page: 'upgrade-page',
};
const radio = (name, label) => ({
  type: 'radio',
  questionType: 'single',
  name,
  label,
  schema: {},
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
});

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The mails the release sent, to read the sign-up code from. */
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      const text = /^content-transfer-encoding:\s*base64/im.test(head)
        ? Buffer.from(body.join(''), 'base64').toString('utf8')
        : body.join('\n\n').replace(/=\r?\n/g, '');
      mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), text });
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const noClient = fs.mkdtempSync(path.join(path.dirname(path.resolve(dataDir)), 'no-client-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: releaseDir,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.resolve(dataDir),
    SEED_DEMO: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: 'https://upgrade-fixture.example.org',
    LOG_LEVEL: 'warn',
    // The API is all the history needs: an empty client folder spares `npm start` the client build.
    CLIENT_DIST: noClient,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
let stopping = false;
server.once('exit', (code) => {
  if (!stopping) {
    console.error(`the release stopped by itself (exit ${code})`);
    process.exit(1);
  }
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `probe` answers something other than undefined (bounded: 120 tries, 60 s). */
async function waitFor(what, probe) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    await sleep(500);
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function post(url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}
const mutate = async (token, procedure, input) =>
  (await post(`/trpc/${procedure}`, input, token)).result.data;
async function query(token, procedure, input) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${base}/trpc/${procedure}${search}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${procedure}: ${response.status} ${text}`);
  return JSON.parse(text).result.data;
}
const signIn = async (who) =>
  (await post('/auth/sign-in', { email: who.email, password: who.password })).idToken;

try {
  await waitFor('the release to answer /healthz', async () =>
    (await fetch(`${base}/healthz`)).ok ? true : undefined,
  );
  const adminToken = await signIn(admin);

  await mutate(adminToken, 'course.create', {
    path: paths.course,
    course: { name: 'Upgrade course', language: 'en' },
  });
  await mutate(adminToken, 'section.create', {
    path: paths.section,
    parentType: 'course',
    parentPath: paths.course,
    section: { name: 'Upgrade section', language: 'en' },
  });
  await mutate(adminToken, 'module.create', {
    path: paths.module,
    module: { name: 'Upgrade module', language: 'en' },
  });
  await mutate(adminToken, 'page.create', {
    path: paths.page,
    parentType: 'module',
    parentPath: paths.module,
    page: {
      name: 'Upgrade questions',
      type: 'question',
      estimatedTime: 0,
      content: [radio('first', 'The first question'), radio('second', 'The second question')],
    },
  });
  await mutate(adminToken, 'link.addItemToParent', {
    itemType: 'module',
    itemPath: paths.module,
    parentType: 'section',
    parentPath: paths.section,
  });
  // Issued once every page is answered, right or wrong.
  await mutate(adminToken, 'certificate.configureModule', {
    path: paths.module,
    config: { auto: true, complete: true, correct: false, content: { header: 'Upgrade certificate' } },
  });

  await post('/auth/sign-up', { ...participant, language: 'en' });
  const code = await waitFor('the sign-up code mail', async () => {
    const mail = mails.find((each) => each.to.includes(participant.email));
    return mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  });
  await post('/auth/verify', { email: participant.email, code });
  const participantToken = await signIn(participant);

  // A wrong first try, then the first question put right and the second answered wrong.
  const answers = [{ first: 'wrong' }, { first: 'right', second: 'wrong' }];
  for (const given of answers)
    await mutate(participantToken, 'result.save', {
      module: paths.module,
      page: paths.page,
      result: { answers: given, confirm: Object.keys(given) },
    });

  // The release issues the certificate in a job after the answers; asking for it once does no harm.
  await mutate(participantToken, 'certificate.claim', { path: paths.module });
  const certificate = await waitFor('the module certificate', async () => {
    const mine = await query(participantToken, 'certificate.mine');
    const found = JSON.stringify(mine).match(/"code":"([^"]+)"/);
    return found ? found[1] : undefined;
  });

  const fixture = {
    admin,
    participant,
    paths,
    answers: { first: 'right', second: 'wrong' },
    certificateCode: certificate,
  };
  fs.writeFileSync(fixtureFile, `${JSON.stringify(fixture, null, 2)}\n`);
  console.error(`history written: certificate ${certificate}`);
} finally {
  stopping = true;
  server.kill('SIGTERM');
  const { code, signal } = await exited;
  smtp.close();
  fs.rmSync(noClient, { recursive: true, force: true });
  if (code !== 0 && signal === null) console.error(`the release exited with ${code} on SIGTERM`);
}
