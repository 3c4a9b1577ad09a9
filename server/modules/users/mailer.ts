import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AccountsConfig } from '../../config';
import type { Logger } from '../../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False when mails only land in the outbox folder (no SMTP configured). */
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
}

export const OUTBOX_DIR = 'outbox';

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9@._+-]/g, '_');

/**
 * SMTP when SMTP_HOST is set. Otherwise each mail is rendered to a real RFC 822 message and
 * written to DATA_DIR/outbox/<time>-<email>.eml, which a desktop or LAN install can open.
 */
export function createMailer(accounts: AccountsConfig, dataDir: string, logger: Logger): Mailer {
  // Quoted-printable keeps ASCII (the code) readable in the raw message, for people and tests.
  const message = (mail: Mail) => ({ from: accounts.mailFrom, ...mail, textEncoding: 'quoted-printable' as const });

  if (accounts.smtp) {
    const { host, port, secure, auth } = accounts.smtp;
    const transport = nodemailer.createTransport({ host, port, secure, auth });
    return {
      delivers: true,
      async send(mail) {
        await transport.sendMail(message(mail));
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = join(dataDir, OUTBOX_DIR);
  return {
    delivers: false,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${fileSafe(mail.to)}.eml`);
      await writeFile(file, info.message);
      logger.info({ file }, 'mail written to the outbox (no SMTP configured)');
    },
  };
}
