import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import { requestScope } from "./request-scope.server";

/**
 * The one log stream (ADR 22): JSON lines on stdout, one object per event,
 * every line of a request's work carrying its request id (and the signed-in user's id, once
 * known). Twelve-factor: the process writes, the platform keeps (journald, docker, a shipper).
 *
 * Never personal data: what is logged is chosen (ids, route patterns, counts, durations),
 * never a form, a body, an address, a header or a raw URL; and as a last line of defence every
 * text that goes out (messages, error messages and stacks) is scrubbed of email addresses and
 * of secrets in URLs (`token=`, `/requests/<token>`, reset links), and fields named like
 * secrets or personal data are censored wherever they appear.
 *
 * `LOG_LEVEL` (info; fatal, error, warn, info, debug, trace, silent) and `LOG_FORMAT` (json;
 * "pretty" for people: the default of `npm run dev`, through pino-pretty, a dev dependency).
 */
export type RecentLine = { time: string; level: string; event?: string; msg?: string; reqId?: string; err?: { type?: string; message?: string } };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const RECENT_MAX = 100;

type Holder = { logger: Logger; recent: RecentLine[] };
// One logger per process, though this module is loaded twice in production (by the server
// entry and inside the app's bundle): both copies reach the same one through globalThis.
const holder = globalThis as typeof globalThis & { __gtaLog?: Holder };

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const SECRET_PARAM = /\b(token|password|secret|code|key|signature|otp|callbackURL)=([^&\s"'<>]+)/gi;
const SECRET_PATH = /\/(requests|reset-password|verify-email|verify)\/[^/\s"'?#<>]+/gi;

/** Removes email addresses and secrets carried in URLs from a text that is about to be logged. */
export function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(SECRET_PARAM, "$1=[redacted]").replace(SECRET_PATH, "/$1/[redacted]");
}

const CENSORED = ["password", "newPassword", "currentPassword", "email", "token", "body", "cookie", "authorization", "secret", "phone", "name"];

export function logLevel(value = process.env.LOG_LEVEL): (typeof LEVELS)[number] {
  const level = (value ?? "").trim().toLowerCase();
  return (LEVELS as readonly string[]).includes(level) ? (level as (typeof LEVELS)[number]) : "info";
}

function create(): Holder {
  const recent: RecentLine[] = [];
  const level = logLevel();
  const pretty = (process.env.LOG_FORMAT ?? (process.env.NODE_ENV === "development" ? "pretty" : "json")) === "pretty";
  let out: pino.DestinationStream | undefined;
  if (pretty) {
    try {
      // A dev dependency: a production install without it logs JSON.
      createRequire(import.meta.url).resolve("pino-pretty");
      out = pino.transport({ target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" } });
    } catch {
      // JSON it is.
    }
  }
  if (!out) {
    // Buffered (4 KB, or 250 ms at most): one write per ~15 request lines, not one each. pino
    // flushes it when the process exits; a SIGKILL can lose the last few lines.
    const file = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    const flusher = setInterval(() => file.flush(() => {}), 250);
    flusher.unref();
    out = file;
  }
  // Warnings and errors are also kept in memory, for the back office's system page.
  const keep = {
    write(line: string) {
      try {
        const o = JSON.parse(line) as Record<string, unknown> & { level: string };
        recent.push({
          time: String(o.time),
          level: o.level,
          event: o.event as string | undefined,
          msg: o.msg as string | undefined,
          reqId: o.reqId as string | undefined,
          err: o.err ? { type: (o.err as { type?: string }).type, message: (o.err as { message?: string }).message } : undefined,
        });
        if (recent.length > RECENT_MAX) recent.shift();
      } catch {
        // not ours to worry about
      }
    },
  };
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const s = requestScope();
        if (!s) return {};
        return s.userId ? { reqId: s.reqId, userId: s.userId } : { reqId: s.reqId };
      },
      // Top-level fields only: wildcards (`*.email`) cost ~11 µs a line, most of a line's cost.
      redact: { paths: CENSORED, censor: "[redacted]" },
      serializers: {
        err: (error: unknown) => {
          const e = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
          const out: Record<string, unknown> = { type: e.type, message: scrub(String(e.message ?? "")) };
          if (typeof e.stack === "string") out.stack = scrub(e.stack);
          if (typeof e.code === "string" || typeof e.code === "number") out.code = e.code;
          return out;
        },
      },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? scrub(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    pino.multistream([
      { level, stream: out },
      { level: "warn", stream: keep },
    ]),
  );
  return { logger, recent };
}

function get(): Holder {
  return (holder.__gtaLog ??= create());
}

/** The process's logger. Log events as `log().info({ event: "x.y", ...ids }, "what happened")`. */
export const log = (): Logger => get().logger;

/** This process's latest warnings and errors (already scrubbed), newest last. */
export const recentProblems = (): readonly RecentLine[] => [...get().recent];
