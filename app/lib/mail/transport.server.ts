import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import nodemailer from "nodemailer";

export type MailMessage = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  headers?: Record<string, string>;
};

/** DKIM signing (nodemailer's `dkim` option): every message signed for `domainName`. */
export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

/**
 * `beforeCommit` runs once the server has the whole message but before it is told the message
 * is complete (SMTP's final "." line): a rejection there abandons the transaction, and the server
 * keeps nothing. The worker checks there that its lease still holds (ADR 16).
 */
export type SendOptions = { beforeCommit?: () => Promise<void> };

export type MailTransport = {
  send: (message: MailMessage, options?: SendOptions) => Promise<{ messageId: string }>;
  close: () => void;
};

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail.
 * `pool: false` opens a connection per message (only to measure the difference, ADR 16).
 */
export function createTransport(options: { smtpUrl?: string; dataDir: string; pool?: boolean; dkim?: DkimOptions }): MailTransport {
  const dkim = options.dkim ? { dkim: options.dkim } : {};
  if (options.smtpUrl) {
    // Pooled: one connection kept open and reused (a connection per message managed about five
    // messages a second). The worker sends one message at a time, so one connection is enough.
    // The worker renews its claims while a send is slow, so these timeouts only bound how long
    // a dead server holds a message up.
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      ...(options.pool === false ? {} : { pool: true, maxConnections: 1, maxMessages: 500 }),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...dkim,
    });
    const gates = new Map<string, () => Promise<void>>();
    // A plugin sees each message as it is streamed to the server: the end of the stream (after
    // which nodemailer sends the final ".") waits for the message's gate; a gate that throws
    // fails the stream, and nodemailer closes the connection without completing the transaction.
    // Before DKIM signing (added after the plugins), which reads the whole message first anyway.
    smtp.use("stream", (mail, done) => {
      const gate = gates.get(String(mail.data.messageId));
      if (gate) mail.message.processFunc((input) => input.pipe(heldUntil(gate)));
      done();
    });
    return {
      send: async (message, options = {}) => {
        if (options.beforeCommit) gates.set(message.messageId, options.beforeCommit);
        try {
          const info = await smtp.sendMail(message);
          return { messageId: String(info.messageId ?? message.messageId) };
        } finally {
          gates.delete(message.messageId);
        }
      },
      close: () => smtp.close(),
    };
  }

  const folder = mailFolder(options.dataDir);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", ...dkim });
  return {
    send: async (message, options = {}) => {
      const info = await stream.sendMail(message);
      await options.beforeCommit?.();
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${message.messageId.replace(/[^a-zA-Z0-9-]/g, "")}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
      return { messageId: message.messageId };
    },
    close: () => {},
  };
}

/** Passes a message through, and ends it only once `gate` resolves (fails it if `gate` rejects). */
function heldUntil(gate: () => Promise<void>): Transform {
  return new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      gate().then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}

export const mailFolder = (dataDir: string) => path.join(dataDir, "mail");

/**
 * Where outgoing mail goes, for the start-up line a person reads: the SMTP server (its host,
 * never its credentials), or the folder of .eml files, relative to where they started the app.
 */
export function mailDestination(options: { smtpUrl?: string; dataDir: string }, cwd = process.cwd()): string {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    return `${url.protocol}//${url.host}`;
  }
  const folder = mailFolder(options.dataDir);
  const relative = path.relative(cwd, folder);
  const shown = relative.startsWith("..") || path.isAbsolute(relative) ? folder : `./${relative}`;
  return `${shown} (.eml files; SMTP_URL unset)`;
}
