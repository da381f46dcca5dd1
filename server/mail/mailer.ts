import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type StreamTransport from "nodemailer/lib/stream-transport";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when messages really leave the server (SMTP); false when they are only written to disk. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log?: (line: string) => void }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : fileMailer(join(options.dataDir, "mail"), options.from, options.log ?? console.log);
}

/** nodemailer is loaded by the first message, not by every start of the server (most send none for a long while). */
function lazily<T>(make: (mailer: typeof nodemailer) => T): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= import("nodemailer").then((module) => make(module.default)));
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazily((mailer): Transporter<SMTPTransport.SentMessageInfo> => mailer.createTransport(smtpUrl));
  return {
    delivers: true,
    async send(message) {
      await (await transport()).sendMail({ from, ...message });
    },
  };
}

/** Without SMTP a LAN server still works: each message becomes an .eml file and its link is logged for the operator. */
function fileMailer(folder: string, from: string, log: (line: string) => void): Mailer {
  const transport = lazily((mailer): Transporter<StreamTransport.SentMessageInfo> => mailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
  mkdirSync(folder, { recursive: true });
  return {
    delivers: false,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      const safeRecipient = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = join(folder, `${Date.now()}-${safeRecipient}.eml`);
      writeFileSync(file, info.message as Buffer);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log(`[mail] "${message.subject}" to ${message.to} written to ${file}${link ? ` — link: ${link}` : ""}`);
    },
  };
}
