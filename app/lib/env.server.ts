import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseEnv as parseDotEnv } from "node:util";
import { z } from "zod";
import { type LimitName, LIMITS } from "./rate-limit-config";

/**
 * All configuration, parsed once by one schema. Every variable has a default that works on a
 * laptop; a bad value stops start-up with a message naming the variable (see loadEnv).
 */
const emailAddress = z.string().trim().email();
const optional = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      .default("file:./data/app.db")
      .refine((v) => /^(file:|postgres:\/\/|postgresql:\/\/)/.test(v), {
        message: "must start with file: (SQLite) or postgres:// (PostgreSQL)",
      }),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    /**
     * Where uploaded files are kept (app/lib/storage.server.ts): DATA_DIR/uploads unless set.
     * With several app processes, a folder every one of them mounts (ADR 16).
     */
    UPLOADS_DIR: z.preprocess(optional, z.string().trim().min(1).optional()),
    SMTP_URL: z.preprocess(
      optional,
      z
        .string()
        .url()
        .refine((v) => /^smtps?:\/\//.test(v), { message: "must start with smtp:// or smtps://" })
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("GTA Connect <no-reply@gtaconnect.ca>"),
    OPERATOR_EMAIL: emailAddress.default("hello@gtaconnect.ca"),
    /** DKIM signing of every email, when all three are set (the key in PEM; "\n" may stand for line breaks). */
    DKIM_DOMAIN: z.preprocess(optional, z.string().trim().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { message: "must be a domain name" }).optional()),
    DKIM_SELECTOR: z.preprocess(optional, z.string().trim().regex(/^[a-z0-9._-]+$/i, { message: "must be a DNS label" }).optional()),
    DKIM_PRIVATE_KEY: z.preprocess(
      optional,
      z
        .string()
        .transform((v) => v.replace(/\\n/g, "\n").trim())
        .refine((v) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(v), { message: "must be a PEM private key" })
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(
      optional,
      z
        .string()
        .url()
        .refine((v) => /^https?:\/\//.test(v), { message: "must start with http:// or https://" })
        .optional(),
    ),
    AUTH_SECRET: z.preprocess(
      optional,
      z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    ),
    ADMIN_EMAIL: z.preprocess(optional, emailAddress.optional()),
    ADMIN_PASSWORD: z.preprocess(
      optional,
      z.string().min(8, { message: "must be at least 8 characters" }).optional(),
    ),
    /**
     * Password hashing's cost, as log2 of scrypt's N: 17 (OWASP's minimum, ~0.4 s of a core per
     * hash) unless set. The test servers set 14 (~0.05 s): their thousand-odd sign-ups and
     * log-ins would otherwise spend minutes of the suite's CPU in scrypt (ADR 38). Below 17 the
     * start-up log says so. Each hash records its own N, so a change never locks anyone out.
     */
    PASSWORD_HASH_COST: z.preprocess(optional, z.coerce.number().int().min(14).max(20).default(17)),
    BRAND_NAME: z.string().trim().min(1).max(60).default("GTA Connect"),
    /**
     * Which proxies may tell us the client's address (X-Forwarded-For) and protocol: off by
     * default, so a spoofed header changes nothing; behind a load balancer, the number of
     * proxy hops ("1") or their addresses ("loopback, 10.0.0.0/8"), as Express reads them.
     */
    TRUST_PROXY: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .regex(/^(false|true|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, { message: 'must be "false", a hop count, or addresses / subnets separated by commas' })
        .transform((v): boolean | number | string => (v === "false" ? false : v === "true" ? true : /^\d+$/.test(v) ? Number(v) : v))
        .default(false),
    ),
    /**
     * How long a page an anonymous visitor gets (no cookie at all) may be served again to the
     * next one without rendering it (app/lib/http/page-store.server.ts); 0 turns it off.
     */
    /**
     * Who else may read /metrics: a scraper sending `Authorization: Bearer <METRICS_TOKEN>`.
     * Clients on a private address may always (app/lib/metrics.server.ts).
     */
    METRICS_TOKEN: z.preprocess(optional, z.string().min(16, { message: "must be at least 16 characters" }).optional()),
    /**
     * Backups (app/lib/backup.server.ts): where `npm run backup` and the scheduled backups
     * write (default DATA_DIR/backups), how often the app makes one itself ("6h", "30m", "1d";
     * unset: never — one process of a cluster does it, through the job claims) and how many
     * it keeps.
     */
    BACKUP_DIR: z.preprocess(optional, z.string().trim().min(1).optional()),
    BACKUP_EVERY: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .regex(/^\d{1,6}(s|m|h|d)$/, { message: 'must be a number and a unit, e.g. "6h", "30m", "1d"' })
        .transform((v) => Number(v.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as "s" | "m" | "h" | "d"])
        .refine((ms) => ms >= 1000, { message: "must be at least 1s" })
        .optional(),
    ),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /** The log's threshold and form (app/lib/log.server.ts, which reads them itself at load). */
    LOG_LEVEL: z.preprocess(optional, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
    LOG_FORMAT: z.preprocess(optional, z.enum(["json", "pretty"]).optional()),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /**
     * Which of the three page stores run (docs/pages.md § 1): all by default. For measuring what
     * each buys (`npm run bench:stores`, issue 48 item 4), not for production tuning.
     */
    PAGE_STORES: z.preprocess(
      optional,
      z
        .string()
        .default("anonymous,signed-in,kept")
        .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
        .pipe(z.array(z.enum(["anonymous", "signed-in", "kept"]))),
    ),
    /**
     * How a page's scripts are fetched (ADR 19): "after-first-paint" (the default) or
     * "as-rendered", React Router's own preloads and bootstrap. For measuring what the rewrite
     * buys (`PAGE_SCRIPTS=as-rendered npm run lighthouse`, issue 48 item 4), not for production.
     */
    PAGE_SCRIPTS: z.preprocess(optional, z.enum(["after-first-paint", "as-rendered"]).default("after-first-paint")),
    /**
     * `/healthz/ready` fails below this much free space (MB) where the database, uploads and
     * temporary files are written (DATA_DIR, UPLOADS_DIR): a balancer then sends visitors to a
     * process that can still save what they send.
     */
    READY_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(100),
    /**
     * Tests only (the e2e config sets it): "1" lets a browser whose `lang` cookie says "en-XA"
     * read unprefixed pages in the pseudo-locale (app/lib/i18n/pseudo.ts), to find untranslated
     * text. Never offered by the picker, never in the sitemap or hreflang.
     */
    PSEUDO_LOCALE: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
    /**
     * "1" (the default): the first start adds a few verified sample providers, named as samples
     * (db/seed/sample-providers.server.ts), so a fresh install shows the whole marketplace. "0"
     * leaves them out: a production install that wants none, and test suites that count providers
     * (the default under Vitest, NODE_ENV=test, whose suites start runtimes in-process).
     */
    SAMPLE_PROVIDERS: z
      .enum(["0", "1"])
      .default(process.env.NODE_ENV === "test" ? "0" : "1")
      .transform((v) => v === "1"),
    /**
     * "1" (the default): this process sends queued mail (ADR 3, ADR 16). "0": it queues mail and
     * leaves the sending to the other processes on the same database — and to measurements that
     * count one request's round trips to the database, which the sender's own claims would blur
     * (scripts/bench-round-trips.ts, tests/integration/round-trips.test.ts).
     */
    MAIL_WORKER: z
      .enum(["0", "1"])
      .default("1")
      .transform((v) => v === "1"),
    /**
     * The first wait before a message the relay refused for now is tried again (it doubles on each
     * attempt, ADR 3); the relay's pause after trouble grows from it too. Tests that make a relay
     * refuse shorten it so a retry is seen in a second rather than five.
     */
    MAIL_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /**
     * Per-deployment rate limits, as `name=count` pairs ("signUp=100,writes=600"); names and
     * defaults in app/lib/rate-limit.server.ts (LIMITS). Tests raise them to send load.
     */
    RATE_LIMITS: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .transform((v, ctx) => {
          const out: Partial<Record<LimitName, number>> = {};
          for (const pair of v.split(",").map((p) => p.trim()).filter(Boolean)) {
            const [name, count] = pair.split("=").map((p) => p.trim());
            if (!name || !(name in LIMITS) || !count || !/^\d{1,9}$/.test(count) || Number(count) < 1) {
              ctx.addIssue({ code: "custom", message: `"${pair}": use name=count with a name from ${Object.keys(LIMITS).join(", ")}` });
              return z.NEVER;
            }
            out[name as LimitName] = Number(count);
          }
          return out;
        })
        .default({}),
    ),
  })
  .superRefine((env, ctx) => {
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
    if (dkim !== 0 && dkim !== 3) {
      ctx.addIssue({ code: "custom", path: ["DKIM_DOMAIN"], message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together" });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, "AUTH_SECRET" | "PUBLIC_URL" | "UPLOADS_DIR" | "BACKUP_DIR"> & {
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  UPLOADS_DIR: string;
  BACKUP_DIR: string;
};

/** nodemailer's DKIM options, when DKIM signing is configured. */
export function dkimOptions(env: Pick<Env, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY">) {
  return env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
    ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY }
    : undefined;
}

/**
 * Reads a `.env` file (KEY=value lines, as .env.example shows) into `target` when the file
 * exists; a variable already set in the environment wins. Node's own parser (node:util), not a
 * dependency. Only the entry points people run ask for it (`--dotenv` in package.json's
 * scripts): the test helpers start the same entry points with an environment of their own,
 * which a developer's `.env` must not leak into. Returns the file read, if any.
 */
export function loadDotEnv(file = path.resolve(".env"), target: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!existsSync(file)) return undefined;
  for (const [key, value] of Object.entries(parseDotEnv(readFileSync(file, "utf8")))) {
    if (target[key] === undefined) target[key] = value;
  }
  return file;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the given variables; throws a ConfigError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    BACKUP_DIR: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? persistedSecret(dataDir),
  };
}

/**
 * A secret generated once and kept in the data folder, so sessions survive restarts. Processes
 * sharing the folder and starting together agree on one: the file appears whole or not at all
 * (written aside, then linked into place; the first link wins, the others read it).
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temp, randomBytes(32).toString("base64url") + "\n", { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
