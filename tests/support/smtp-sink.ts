import { type AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on localhost that keeps what it receives: the "mailbox" our tests read.
 * It can be stopped and started again on the same port to play an outage.
 */
export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: ParsedMail;
  /** The message exactly as received (to check a DKIM signature over it). */
  source: Buffer;
  /** When the sink accepted it (Date.now()), just before it answers 250. */
  at: number;
};

export class SmtpSink {
  readonly messages: CapturedMail[] = [];
  private server: SMTPServer | undefined;
  private waiters: (() => void)[] = [];
  port = 0;
  /** SMTP reply code to answer every message with (e.g. 550 to reject permanently). */
  rejectWith: number | null = null;
  /** How long the server takes to accept each message once it has all of it (a slow relay). */
  acceptDelayMs = 0;

  async start(port = this.port): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        new Promise<Buffer>((resolve, reject) => {
          stream.once("end", () => resolve(Buffer.concat(chunks)));
          stream.once("error", reject);
        })
          .then(async (source) => {
            const mail = await simpleParser(source);
            if (this.acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.acceptDelayMs));
            if (this.rejectWith) {
              const error = Object.assign(new Error("Rejected by test sink"), { responseCode: this.rejectWith });
              callback(error);
              return;
            }
            this.messages.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
              raw: mail,
              source,
              at: Date.now(),
            });
            callback();
            this.waiters.splice(0).forEach((w) => w());
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
    // A client that dies mid-session (a killed app process) resets its connection: that is the
    // client's failure, not the sink's; unhandled, the 'error' event would end the test process.
    this.server.on("error", () => {});
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first message matching, waiting up to timeoutMs for it to arrive. */
  async waitFor(match: (m: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No matching email within ${timeoutMs} ms (got ${this.messages.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** A port with nothing listening on it: start a sink, note its port, stop it. */
export async function freePort(): Promise<number> {
  const sink = await new SmtpSink().start(0);
  const port = sink.port;
  await sink.stop();
  return port;
}
