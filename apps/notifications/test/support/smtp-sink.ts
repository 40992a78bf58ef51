import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable undone: what a test searches. */
  text: string;
  subject: string;
}

type Stage = 'RCPT' | 'DATA';

/**
 * A real SMTP server for tests (smtp-server), behind a TCP front that can drop connections:
 * it accepts everything unless told to reject the next messages (a 4xx or 5xx reply at RCPT TO or
 * after DATA), to refuse a recipient for good, or to drop the next connections right after EHLO.
 */
export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Rejects the next `count` messages with `code` at `stage`. */
  rejectNext(count: number, code: number, stage?: Stage): void;
  /** Refuses this recipient with 550 at RCPT TO, always. */
  refuseRecipient(address: string): void;
  /** Drops the next `count` connections after the client's first command. */
  dropNext(count: number): void;
  /** Connections accepted so far (dropped ones included). */
  connections(): number;
  mailTo(address: string): ReceivedMail[];
  reset(): void;
  stop(): Promise<void>;
}

/** Undoes quoted-printable soft breaks and escapes (enough to search a message nodemailer wrote). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

function decodeSubject(raw: string): string {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw);
  if (!match?.[1]) return '';
  return match[1]
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?(.*?)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

const replyError = (code: number, message: string): Error => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let rejections: Array<{ code: number; stage: Stage }> = [];
  let drops = 0;
  let accepted = 0;
  const rejectedSessions = new Map<string, { code: number; stage: Stage }>();

  const takeRejection = (session: SMTPServerSession, stage: Stage) => {
    let planned = rejectedSessions.get(session.id);
    if (!planned && rejections.length > 0 && rejections[0]?.stage === stage) {
      planned = rejections.shift();
      if (planned) rejectedSessions.set(session.id, planned);
    }
    return planned?.stage === stage ? planned : undefined;
  };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo(address, session, callback) {
      if (refused.has(address.address.toLowerCase())) return callback(replyError(550, '5.1.1 No such user here'));
      const rejection = takeRejection(session, 'RCPT');
      if (rejection) return callback(replyError(rejection.code, rejection.code < 500 ? '4.3.2 Try again later' : '5.7.1 Rejected'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const rejection = takeRejection(session, 'DATA');
        if (rejection) return callback(replyError(rejection.code, rejection.code < 500 ? '4.3.2 Try again later' : '5.6.0 Message refused'));
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
          subject: decodeSubject(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const innerPort = ((smtp as unknown as { server: net.Server }).server.address() as AddressInfo).port;

  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (drops > 0) {
      drops--;
      socket.write('220 sink ESMTP\r\n');
      socket.once('data', () => socket.destroy());
      return;
    }
    const upstream = net.connect(innerPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', () => resolve()));

  return {
    port: (front.address() as AddressInfo).port,
    received,
    rejectNext: (count, code, stage = 'DATA') => {
      for (let i = 0; i < count; i++) rejections.push({ code, stage });
    },
    refuseRecipient: (address) => refused.add(address.toLowerCase()),
    dropNext: (count) => {
      drops += count;
    },
    connections: () => accepted,
    mailTo: (address) => received.filter((m) => m.to.includes(address.toLowerCase())),
    reset: () => {
      received.length = 0;
      refused.clear();
      rejections = [];
      drops = 0;
    },
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
