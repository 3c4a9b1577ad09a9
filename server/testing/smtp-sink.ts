import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable parts decoded. */
  text: string;
}

/** quoted-printable → UTF-8 text (the mailer sends text parts as QP). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A real SMTP server on loopback that keeps what it receives, for tests that read mailed codes. */
export async function startSmtpSink() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    inbox,
    /** Environment that points the app's mailer here. */
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', SMTP_FROM: 'Baibao <no-reply@baibao.test>' },

    /** Takes the oldest mail to `to` (any case; the app mails lower-case) out of the inbox, waiting up to 5 s for it. */
    async nextMail(to: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const index = inbox.findIndex((mail) => mail.to.includes(to.toLowerCase()));
        if (index >= 0) return inbox.splice(index, 1)[0] as ReceivedMail;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`No mail to ${to} arrived`);
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The 6-digit code from the English line of a captcha mail. */
export function mailedCode(mail: ReceivedMail): string {
  const match = /Your verification code is (\d{6})\./.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail:\n${mail.text}`);
  return match[1];
}
