import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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
  /** Removes what this server kept of the messages sent to an address (a deleted account's, issue 34, item 11). */
  forget(address: string): void;
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
    // Sent is gone: nothing is kept here.
    forget: () => undefined,
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
      const file = join(folder, `${Date.now()}-${fileNameOf(message.to)}.eml`);
      writeFileSync(file, info.message as Buffer);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log(`[mail] "${message.subject}" to ${message.to} written to ${file}${link ? ` — link: ${link}` : ""}`);
    },
    forget(address) {
      const suffix = `-${fileNameOf(address)}.eml`.toLowerCase();
      for (const name of readdirSync(folder)) if (name.toLowerCase().endsWith(suffix)) rmSync(join(folder, name), { force: true });
    },
  };
}

/** The recipient as it appears in a message file's name. */
const fileNameOf = (address: string) => address.replace(/[^a-zA-Z0-9@._-]/g, "_");
