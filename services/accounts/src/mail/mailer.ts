import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header fields (e.g. List-Unsubscribe); nodemailer encodes them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly transport: 'smtp' | 'folder';
  /** Resolves once the mail was accepted by the SMTP server or written to the outbox folder. */
  send(mail: OutgoingMail): Promise<{ id: string }>;
  close(): void;
}

/** SMTP when configured, otherwise one .eml file per mail in the outbox folder. */
export function createMailer(settings: MailSettings): Mailer {
  return settings.smtpUrl ? smtpMailer(settings.smtpUrl, settings.from) : folderMailer(settings);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // A slow or dead server must not hold a delivery forever; the sweep retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    transport: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      return { id: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}

function folderMailer(settings: MailSettings): Mailer {
  // nodemailer composes the RFC 822 message exactly as SMTP would send it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'folder',
    async send(mail) {
      const info = await composer.sendMail({ from: settings.from, ...mail });
      await mkdir(settings.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`;
      const target = join(settings.outboxDir, name);
      // Written under a temporary name and renamed, so a reader never sees half a mail.
      await writeFile(`${target}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${target}.tmp`, target);
      return { id: name };
    },
    close: () => composer.close(),
  };
}
