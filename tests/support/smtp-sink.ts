import { SMTPServer } from 'smtp-server';

export interface Sink {
  port: number;
  url: string;
  attempts: number;
  delivered: { to: string[]; message: string }[];
  /** Refuse the first n deliveries with a temporary error (to prove retries). */
  refuseFirst: number;
  close: () => Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpSink(options: { refuseFirst?: number } = {}): Promise<Sink> {
  const sink: Sink = {
    port: 0,
    url: '',
    attempts: 0,
    delivered: [],
    refuseFirst: options.refuseFirst ?? 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => {
        message += chunk.toString();
      });
      stream.on('end', () => {
        sink.attempts++;
        if (sink.attempts <= sink.refuseFirst) {
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        sink.delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), message });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as { port: number }).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}

/** Decodes quoted-printable soft breaks enough to find a code or a phrase in a mail. */
export const plain = (message: string) =>
  message
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function codeIn(sink: Sink, to: string): string | undefined {
  const mail = [...sink.delivered].reverse().find((m) => m.to.includes(to));
  return mail ? plain(mail.message).match(/\b(\d{6})\b/)?.[1] : undefined;
}
