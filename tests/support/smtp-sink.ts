import { type AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on localhost that keeps what it receives: the "mailbox" our tests read.
 * It can be stopped and started again on the same port to play an outage, refuse at any stage
 * of the transaction (a relay in trouble, or one refusing an address), and hold a session at a
 * stage (a relay slow to answer, so a test can freeze the sender there).
 */
export type SmtpStage = "greeting" | "mail" | "rcpt" | "data";

/**
 * Answer `code` at `stage` (to `recipient`'s RCPT TO only, when given). `text` starts with the
 * enhanced status code a relay would send (RFC 3463), e.g. "5.1.1 No such mailbox" — the sink
 * adds none of its own, so a test says exactly what the relay says.
 */
export type Refusal = { stage: SmtpStage; code: number; text: string; recipient?: string };

type Hold = { stage: SmtpStage; reached: () => void; released: Promise<void> };

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
  /**
   * Refuse every recipient with this code: a 5xx says the mailbox does not exist (5.1.1, the
   * one refusal that fails a message for good), a 4xx asks to try again later (4.3.0).
   */
  rejectWith: number | null = null;
  /** Refusals in force (see Refusal); the first that matches a stage answers it. */
  refusals: Refusal[] = [];
  /** How many replies each stage's refusals (and rejectWith) gave: a test knows the sender met them. */
  readonly refused: Record<SmtpStage, number> = { greeting: 0, mail: 0, rcpt: 0, data: 0 };
  private holds: Hold[] = [];
  /** How long the server takes to accept each message once it has all of it (a slow relay). */
  acceptDelayMs = 0;

  async start(port = this.port): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // Replies carry the enhanced status codes our refusals write, not smtp-server's guesses.
      hideENHANCEDSTATUSCODES: true,
      onConnect: (_session, callback) => {
        this.pass("greeting").then(() => callback(), callback);
      },
      onMailFrom: (_address, _session, callback) => {
        this.pass("mail").then(() => callback(), callback);
      },
      onRcptTo: (address, _session, callback) => {
        this.pass("rcpt", address.address).then(() => callback(), callback);
      },
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
            await this.pass("data");
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

  /** Waits while a hold is on this stage, then answers a refusal in force (as an error) or nothing. */
  private async pass(stage: SmtpStage, recipient?: string): Promise<void> {
    const hold = this.holds.find((h) => h.stage === stage);
    if (hold) {
      this.holds.splice(this.holds.indexOf(hold), 1);
      hold.reached();
      await hold.released;
    }
    const refusal = this.refusals.find((r) => r.stage === stage && (!r.recipient || r.recipient === recipient));
    if (refusal) {
      this.refused[stage]++;
      throw Object.assign(new Error(refusal.text), { responseCode: refusal.code });
    }
    if (stage === "rcpt" && this.rejectWith) {
      this.refused.rcpt++;
      const text = this.rejectWith >= 500 ? "5.1.1 Rejected by test sink: no such mailbox" : "4.3.0 Rejected by test sink: try again later";
      throw Object.assign(new Error(text), { responseCode: this.rejectWith });
    }
  }

  /**
   * Holds the next session that reaches `stage` (no reply to it) until release(); `reached`
   * resolves when one does. The sessions after it go through.
   */
  hold(stage: SmtpStage): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedP = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ stage, reached, released });
    return { reached: reachedP, release };
  }

  /** How many copies of a message (by its Message-ID, with the angle brackets) arrived. */
  copies(messageId: string): number {
    return this.messages.filter((m) => m.raw.messageId === messageId).length;
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
