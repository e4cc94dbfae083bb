import type { Clock } from '@outpilot/domain';
import { desc } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { MailSettings } from '../config.ts';
import type { Database } from '../db/create-database.ts';
import { mailOutbox } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Where e-mail goes: SMTP in production, the database outbox in embedded mode. */
export type MailPort = { send(message: MailMessage): Promise<void> };

export type OutboxMail = MailMessage & { id: string; sentAt: Date };

/** The embedded adapter: every e-mail is kept in mail_outbox, read at the development mailbox page. */
export function createOutboxMailer(db: Database, clock: Clock): MailPort {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, sentAt: clock.now() });
    },
  };
}

export async function listOutbox(db: Database, limit = 50): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.sentAt)).limit(limit);
}

/** The production adapter: nodemailer over SMTP_URL. A refusing server is a 502, never a 500. */
export function createSmtpMailer(settings: { smtpUrl: string; from: string }): MailPort {
  const transport = createTransport(settings.smtpUrl);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: settings.from, ...message });
      } catch (cause) {
        throw new AppError(502, 'BadGateway', 'The mail server is unavailable, try again later', { cause });
      }
    },
  };
}

export function createMailer(settings: MailSettings, db: Database, clock: Clock): MailPort {
  return settings.mode === 'smtp' ? createSmtpMailer(settings) : createOutboxMailer(db, clock);
}
