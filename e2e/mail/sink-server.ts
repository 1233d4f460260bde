// A real SMTP server on loopback for the browser journeys: the demo server sends its mails here
// (SMTP_URL), and the tests read them over a tiny HTTP endpoint. Started by Playwright as the first
// webServer, so it listens before the platform does. Mails stay in memory for the run.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { mailSink } from '../accounts';

interface Received {
  to: string[];
  subject: string;
  text: string;
  at: number;
}

const received: Received[] = [];

/** Quoted-printable soft breaks and escapes undone, enough to read a code or a phrase. */
const decode = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      const subject = /^subject: (.*)$/im.exec(head)?.[1] ?? '';
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        subject,
        text: /^content-transfer-encoding:\s*base64/im.test(head)
          ? Buffer.from(body.join(''), 'base64').toString('utf8')
          : decode(body.join('\n\n')),
        at: Date.now(),
      });
      callback();
    });
  },
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') {
    response.end('ok');
    return;
  }
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = to ? received.filter((mail) => mail.to.includes(to)) : received;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
    return;
  }
  response.statusCode = 404;
  response.end();
});

smtp.listen(mailSink.smtpPort, '127.0.0.1', () => {
  api.listen(mailSink.httpPort, '127.0.0.1');
});

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
