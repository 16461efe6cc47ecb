import { generateKeyPairSync } from "node:crypto";
import { sql } from "kysely";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_EMAIL_KINDS } from "~/modules/accounts/emails.server";
import { RECIPIENT_CAPS, type RecipientCap, recipientKey } from "~/lib/mail/recipients.server";
import { REQUEST_KINDS, type RequestKind } from "~/modules/requests/kinds";
import { signedInAccount } from "../support/accounts";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../support/databases";
import { connect } from "../support/db";
import { HttpClient, linkIn } from "../support/http-client";
import { requestForms } from "../support/request-forms";
import { type CapturedMail, freePort, SmtpSink } from "../support/smtp-sink";

/**
 * Everything we send (issues 32 and 30): every email kind, in four languages, through the real
 * app and a real SMTP sink. Headers (Reply-To, Message-ID on PUBLIC_URL's domain,
 * Auto-Submitted, a DKIM signature that verifies), a text part, an HTML part with <title>, links
 * on PUBLIC_URL in the reader's language space, typed names cut and not quoted (issue 51); live tokens never
 * stored in the outbox; a cap per mailbox on everything sent to a typed address; and
 * /auth/forgot answering before it does any work for the address.
 */
const SECRET = "integration-test-secret-0123456789abcdef";
const OPERATOR = "operator@example.test";
const PASSWORD = "plum tree by the lake";
const NEW_PASSWORD = "quiet river at dawn";
// 100 characters an attacker chooses: the part after the first 40 must never reach an email.
const NAME = "Ada Lovelace from the billing office ok. URGENT: your account is locked, go to http://evil.example/x";
/** Sent by a signed-in account with files: their caps are shown in listing-wizard.test.ts and providers.test.ts. */
const SIGNED_IN_KINDS: RequestKind[] = ["listing", "provider-application"];
const LOCALES = [
  { prefix: "", lang: "en-US" },
  { prefix: "/fr", lang: "fr-CA" },
  { prefix: "/es", lang: "es" },
  { prefix: "/pt", lang: "pt-BR" },
] as const;

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const DKIM_KEY = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const DKIM_TXT = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;

describe.each(DIALECTS)("outgoing mail on %s", (dialect) => {
  let database: TestDatabase;
  let server: AppServer;
  let site = "";
  const sink = new SmtpSink();
  let db: ReturnType<typeof connect>;
  const run = `${Date.now().toString(36)}${dialect[0]}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await sink.start(0);
    const port = await freePort();
    site = `http://localhost:${port}`;
    server = await startAppServer({
      PORT: String(port),
      PUBLIC_URL: site,
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SMTP_URL: sink.url,
      OPERATOR_EMAIL: OPERATOR,
      AUTH_SECRET: SECRET,
      ADMIN_EMAIL: "admin@example.test",
      ADMIN_PASSWORD: "admin password for tests",
      DKIM_DOMAIN: "example.test",
      DKIM_SELECTOR: "gta",
      DKIM_PRIVATE_KEY: DKIM_KEY,
      // Per-client limits out of the way: the caps under test are per mailbox.
      // The per-mailbox reset counters too (ADR 36, security-fourth-probe-b.test.ts): the outbox's cap is tested here.
      RATE_LIMITS: "signUp=1000,forgotPassword=1000,confirmationsPerClient=1000,resendVerification=1000,writes=10000,resetResend=1000,resetPerMailbox=1000",
    });
    db = connect(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  const client = () => new HttpClient(site);
  const outboxRows = (addresses: string[]) => db.db.selectFrom("mail_outbox").selectAll().where("to_address", "in", addresses).execute();
  async function settled(addresses: string[], expected: number) {
    for (let i = 0; i < 200; i++) {
      const rows = await outboxRows(addresses);
      if (rows.length >= expected && rows.every((r) => r.status === "sent")) return rows;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`outbox for ${addresses.join(", ")} did not settle`);
  }
  const mailFor = (address: string, kind: string, rows: { id: string; kind: string; to_address: string }[]) => {
    const row = rows.find((r) => r.to_address === address && r.kind === kind);
    if (!row) throw new Error(`no ${kind} to ${address}`);
    return sink.waitFor((m) => m.raw.messageId === `<${row.id}@localhost>`);
  };
  /**
   * Some emails are queued after the page answered (a reset): waits until `count` reaches
   * `expected`, then a moment more, so one too many would be seen too.
   */
  async function settledCount(count: () => Promise<number>, expected: number) {
    for (let i = 0; i < 100 && (await count()) < expected; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    return count();
  }
  // Our links: the HTML part's web hrefs (mailto: is our mailbox, written to) and the text part's URLs.
  const links = (m: CapturedMail) => [
    ...[...m.html.matchAll(/href="([^"]+)"/g)].map((x) => x[1]!).filter((href) => !href.startsWith("mailto:")),
    ...[...m.text.matchAll(/https?:\/\/\S+/g)].map((x) => x[0]),
  ];

  it("renders every email kind in four languages with the headers, parts and links a mail client expects", async () => {
    const seen = new Set<string>();
    for (const { prefix, lang } of LOCALES) {
      const a = `reader.${lang.toLowerCase()}.${run}@example.com`;
      const b = `moved.${lang.toLowerCase()}.${run}@example.com`;
      const signup = { name: NAME, email: a, password: PASSWORD, adult: "on", terms: "on" };
      expect((await client().post(`${prefix}/signup`, signup)).status).toBeLessThan(400);
      expect((await client().post(`${prefix}/signup`, signup)).status).toBeLessThan(400); // "you already have an account"
      const verify = await sink.waitFor((m) => m.to.includes(a) && /\/auth\/verify\?token=/.test(m.text));
      const verifyLink = new URL(linkIn(verify.text, "/auth/verify?token="));
      expect(verifyLink.pathname).toBe(`${prefix}/auth/verify`);
      const reader = client();
      expect((await reader.get(verifyLink.pathname + verifyLink.search)).status).toBe(302);
      expect(reader.sessionToken).toBeTruthy();
      expect((await client().post(`${prefix}/auth/forgot`, { email: a })).status).toBe(303);
      expect((await reader.post(`${prefix}/account?index`, { name: NAME, email: b, phone: "" })).status).toBeLessThan(400);
      expect((await client().post(`${prefix}/contact`, { name: NAME, email: a, subject: "Deck", message: "Do you cover Etobicoke?" })).status).toBeLessThan(400);
      const change = await reader.post(`${prefix}/account/security`, { intent: "change-password", currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD });
      expect(change.status).toBeLessThan(400);

      const kinds = [...Object.values(ACCOUNT_EMAIL_KINDS).map((k) => k.kind), "contact-message.customer"];
      const rows = await settled([a, b], kinds.length);
      for (const row of rows) seen.add(row.kind);
      for (const row of rows) {
        const m = await mailFor(row.to_address, row.kind, rows);
        const what = `${row.kind} in ${lang}`;
        expect(m.raw.headers.get("auto-submitted"), what).toBe("auto-generated");
        expect(m.raw.messageId, what).toMatch(/@localhost>$/);
        expect(m.raw.replyTo?.value[0]?.address, what).toBe(OPERATOR);
        expect(m.text.trim().length, what).toBeGreaterThan(20);
        expect(m.html, what).toMatch(/<title>[^<]+<\/title>/);
        expect(m.html, what).toContain(`<html lang="${lang}"`);
        for (const link of links(m)) {
          expect(link.startsWith(`${site}/`), `${what}: ${link}`).toBe(true);
          const path = new URL(link).pathname;
          if (prefix) expect(path.startsWith(`${prefix}/`), `${what}: ${link}`).toBe(true);
          else expect(path, `${what}: ${link}`).not.toMatch(/^\/(fr|es|pt)(\/|$)/);
        }
        // The typed name: never in the heading, cut and without its link (issue 47 item 8), and
        // not between quotation marks (issue 51); a confirmation repeats none of the visitor's words.
        for (const part of [m.subject, m.text, m.html]) expect(part, what).not.toContain("evil.example");
        expect(m.html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1], what).not.toContain("Ada Lovelace");
        expect(m.text, what).not.toMatch(/[“”«»]/);
        // Transactional: no List-Unsubscribe.
        expect(m.source.toString(), what).not.toMatch(/^List-Unsubscribe/im);
        const dkim = await dkimVerify(m.source, {
          resolver: async (name: string, type: string) => {
            if (name === "gta._domainkey.example.test" && type === "TXT") return [[DKIM_TXT]];
            throw Object.assign(new Error("no such record"), { code: "ENOTFOUND" });
          },
        });
        expect(dkim.results.map((r) => r.status.result), what).toEqual(["pass"]);
      }
    }
    // Every kind of account email the code declares was rendered, plus a request confirmation.
    for (const { kind } of Object.values(ACCOUNT_EMAIL_KINDS)) expect(seen).toContain(kind);
    expect(seen).toContain("contact-message.customer");
  }, 180_000);

  it("tells a renter that rent is arranged with the owner, not 'payment with the provider', in four languages (issue 33 item 13)", async () => {
    const OWNER_LINE: Record<string, string> = {
      "en-US": "rent and deposit are arranged directly with the owner.",
      "fr-CA": "le loyer et le dépôt se règlent directement avec le propriétaire.",
      es: "el alquiler y el depósito se acuerdan directamente con el propietario.",
      "pt-BR": "aluguel e caução são combinados diretamente com o proprietário.",
    };
    const PROVIDER = /provider|fournisseur|proveedor|prestador/i;
    for (const { prefix, lang } of LOCALES) {
      for (const kind of ["rent-request", "city-request"] as const) {
        const to = `renter.${kind}.${lang.toLowerCase()}.${run}@example.com`;
        const form = requestForms(to).find((f) => f.kind === kind)!;
        expect((await client().post(`${prefix}${form.path}`, form.fields)).status, `${kind} in ${lang}`).toBeLessThan(400);
        const [row] = await settled([to], 1);
        const m = await mailFor(to, `${kind}.customer`, [row!]);
        expect(m.text, `${kind} in ${lang}`).toContain(OWNER_LINE[lang]);
        expect(m.text, `${kind} in ${lang}`).not.toMatch(PROVIDER);
        // None of the visitor's words go back to the typed address (issue 47 item 8).
        expect(m.text, `${kind} in ${lang}`).not.toContain("Ada");
      }
    }
  });

  it("links the operator's copy of a request to its page in the back office", async () => {
    const email = `visitor.${run}@example.com`;
    expect((await client().post("/contact", { name: "Vi Sitor", email, subject: "Fence", message: "Can you fix a fence?" })).status).toBeLessThan(400);
    const row = await db.db.selectFrom("requests").select(["id", "reference"]).where("email", "=", email).executeTakeFirstOrThrow();
    const copy = await sink.waitFor((m) => m.to.includes(OPERATOR) && m.text.includes(row.reference));
    expect(copy.text).toContain(`${site}/admin/requests/${row.reference}`);
    expect(copy.raw.headers.get("auto-submitted")).toBe("auto-generated");
    expect(copy.raw.replyTo?.value[0]?.address).toBe(email);
  });

  it("never stores a live reset or verification token: masked in the outbox and its admin view, working in the sent email", async () => {
    const email = `tokens.${run}@example.com`;
    expect((await client().post("/signup", { name: "Tok En", email, password: PASSWORD, adult: "on", terms: "on" })).status).toBe(302);
    const verify = await sink.waitFor((m) => m.to.includes(email) && m.text.includes("/auth/verify?token="));
    expect((await client().post("/auth/forgot", { email })).status).toBe(303);
    const reset = await sink.waitFor((m) => m.to.includes(email) && m.text.includes("/auth/reset-password?token="));
    const tokens = [verify, reset].map((m) => new URL(linkIn(m.text, "?token=")).searchParams.get("token")!);
    const rows = await settled([email], 2);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      for (const token of tokens) {
        expect(stored).not.toContain(token);
        expect(stored).not.toContain(encodeURIComponent(token));
      }
      expect(row.text_body).toContain("?token=hidden-until-sent");
      expect(row.sealed_secret).toBeNull(); // sent: nothing left to open
    }
    // The links that were sent work.
    const resetLink = new URL(linkIn(reset.text, "/auth/reset-password?token="));
    expect((await client().get(resetLink.pathname + resetLink.search)).status).toBe(200);
    const verifyLink = new URL(linkIn(verify.text, "/auth/verify?token="));
    expect((await client().get(verifyLink.pathname + verifyLink.search)).status).toBe(302);
    // The back office shows the message masked.
    const admin = client();
    expect((await admin.post("/auth/login", { email: "admin@example.test", password: "admin password for tests" })).status).toBe(302);
    for (const row of rows) {
      const page = await (await admin.get(`/admin/outbox/${row.id}`)).text();
      expect(page).toContain("hidden-until-sent");
      for (const token of tokens) expect(page).not.toContain(token);
    }
  });

  it("caps every email to a typed address per mailbox, counting +tag and Gmail dot variants as one, with the same answer", async () => {
    // Sign-ups (each variant a new account, so each a verification email: the `account` cap) and
    // resets (their own `reset` cap since issue 47 item 5, ADR 36): each cap counts the variants as one.
    const limit = Math.min(4, RECIPIENT_CAPS.account.limit) + Math.min(4, RECIPIENT_CAPS.reset.limit);
    const variants = [
      `capped${run}@gmail.com`,
      `c.a.p.p.e.d${run}+1@gmail.com`,
      `CAPPED${run}+2@googlemail.com`,
      `cap.ped${run}@gmail.com`,
    ];
    const answers: string[] = [];
    for (const email of variants) {
      const res = await client().post("/signup", {
        name: "Cap Ped",
        email,
        password: PASSWORD,
        adult: "on",
        terms: "on",
      });
      answers.push(`${res.status} ${res.headers.get("location")}`);
    }
    for (const email of variants) {
      const res = await client().post("/auth/forgot", { email });
      answers.push(`${res.status} ${res.headers.get("location")}`);
    }
    expect(new Set(answers.slice(0, 4)).size).toBe(1);
    expect(new Set(answers.slice(4)).size).toBe(1);
    const lowered = variants.map((v) => v.toLowerCase());
    const queued = () =>
      db.db
        .selectFrom("mail_outbox")
        .select("kind")
        .where(sql<string>`lower(to_address)`, "in", lowered)
        .execute();
    expect(await settledCount(async () => (await queued()).length, limit)).toBe(limit);
  }, 120_000);

  /**
   * Every kind of email that goes to an address someone typed, each sent more times than its cap
   * allows to +tag variants of one fresh mailbox: exactly the cap's number leaves, whatever the
   * kind. `setup` emails of another kind in the same group go to the mailbox first (a sign-up's
   * verification before a reset, say), so the kind under test gets `limit - setup`.
   */
  it("caps each kind of email to a typed address: every account email and every request's confirmation", async () => {
    type Scenario = {
      kind: string;
      cap: RecipientCap;
      setup: number;
      send: (address: (i: number) => string, times: number) => Promise<void>;
    };
    const signUp = (email: string, c = client()) =>
      c.post("/signup", { name: "Cap Ped", email, password: PASSWORD, adult: "on", terms: "on" });
    const ok = async (res: Promise<Response> | Response) => expect((await res).status).toBeLessThan(400);
    const times = (n: number, each: (i: number) => Promise<void>) =>
      Array.from({ length: n }, (_, i) => i).reduce((p, i) => p.then(() => each(i)), Promise.resolve());
    const signedIn = async (email: string) =>
      (await signedInAccount(site, db.db, { email, name: "Own Er", password: PASSWORD })).client;

    const scenarios: Scenario[] = [
      {
        kind: "account.verify",
        cap: "account",
        setup: 0,
        send: (to, n) => times(n, (i) => ok(signUp(to(i)))),
      },
      {
        // "Send the link again", from the page a sign-up lands on.
        kind: "account.verify",
        cap: "account",
        setup: 0,
        send: async (to, n) => {
          const c = client();
          await ok(signUp(to(0), c));
          await times(n, () => ok(c.post("/auth/verify-sent", {})));
        },
      },
      {
        // Logging in to an unverified account sends a new link: the password proves the owner, so
        // it draws on the owner's own allowance, which strangers cannot spend (ADR 36).
        kind: "account.verify",
        cap: "owner",
        setup: 0,
        send: async (to, n) => {
          await ok(signUp(to(0)));
          // 401 with "verify your email first", and a new link sent.
          await times(n, async () =>
            expect((await client().post("/auth/login", { email: to(0), password: PASSWORD })).status).toBe(
              401,
            ),
          );
        },
      },
      {
        kind: "account.existing",
        cap: "existing",
        setup: 0,
        send: async (to, n) => {
          await ok(signUp(to(0)));
          await times(n, () => ok(signUp(to(0))));
        },
      },
      {
        kind: "account.reset",
        cap: "reset",
        setup: 0,
        send: async (to, n) => {
          await ok(signUp(to(0)));
          await times(n, () => ok(client().post("/auth/forgot", { email: to(0) })));
        },
      },
      {
        kind: "account.email-change",
        cap: "account",
        setup: 0,
        send: async (to, n) => {
          const owner = await signedIn(`changer.${run}@example.com`);
          await times(n, (i) =>
            ok(owner.post("/account?index", { name: "Own Er", email: to(i), phone: "" })),
          );
        },
      },
      {
        // The notice to the account's own address that a change to another one was asked for.
        kind: "account.email-changing",
        cap: "notice",
        setup: 0,
        send: async (to, n) => {
          const owner = await signedIn(to(0));
          await times(n, (i) =>
            ok(
              owner.post("/account?index", {
                name: "Own Er",
                email: `elsewhere.${run}+${i}@example.com`,
                phone: "",
              }),
            ),
          );
        },
      },
      {
        kind: "account.password-changed",
        cap: "notice",
        setup: 0,
        send: async (to, n) => {
          const owner = await signedIn(to(0));
          const passwords = [PASSWORD, NEW_PASSWORD];
          await times(n, (i) =>
            ok(
              owner.post("/account/security", {
                intent: "change-password",
                currentPassword: passwords[i % 2]!,
                newPassword: passwords[(i + 1) % 2]!,
                confirm: passwords[(i + 1) % 2]!,
              }),
            ),
          );
        },
      },
      // Every request sent with a typed address (the listing wizard and the provider
      // application: listing-wizard.test.ts and providers.test.ts).
      ...requestForms()
        .filter((form, i, all) => all.findIndex((f) => f.kind === form.kind) === i)
        .map((form): Scenario => ({
          kind: `${form.kind}.customer`,
          cap: "confirmation",
          setup: 0,
          send: async (to, n) => {
            const visitor = form.signedIn
              ? await signedIn(`booker.${form.kind}.${run}@example.com`)
              : client();
            await times(n, (i) =>
              ok(visitor.post(form.path, requestForms(to(i)).find((f) => f.kind === form.kind)!.fields)),
            );
          },
        })),
    ];
    // Nothing that goes to a typed address is left out of this table.
    const tested = new Set(scenarios.map((s) => s.kind));
    for (const { kind, cap } of Object.values(ACCOUNT_EMAIL_KINDS)) {
      expect(tested, kind).toContain(kind);
      expect(scenarios.find((s) => s.kind === kind)?.cap, kind).toBe(cap);
    }
    for (const kind of REQUEST_KINDS.filter((k) => !SIGNED_IN_KINDS.includes(k)))
      expect(tested, kind).toContain(`${kind}.customer`);

    for (const [n, scenario] of scenarios.entries()) {
      const { limit } = RECIPIENT_CAPS[scenario.cap];
      const to = (i: number) => `typed${n}.${run}+${i}@example.com`;
      await scenario.send(to, limit + 2 - scenario.setup);
      const key = recipientKey(scenario.cap, to(0));
      const rows = () =>
        db.db.selectFrom("mail_outbox").select("kind").where("recipient_key", "=", key).execute();
      const what = `${scenario.kind} (scenario ${n})`;
      expect(await settledCount(async () => (await rows()).length, limit), what).toBe(limit);
      expect((await rows()).filter((r) => r.kind === scenario.kind).length, what).toBe(
        limit - scenario.setup,
      );
    }
  }, 300_000);

  // PostgreSQL only: there a held lock makes the app's write wait without stopping the app. On
  // SQLite a held write lock makes every writer in the app (the mail worker, the process beat)
  // busy-wait synchronously, so the app itself stalls; the route's code is the same on both.
  it.runIf(dialect === "postgres")("answers /auth/forgot before it does any work for the address (known or unknown)", async () => {
    const known = `known.${run}@example.com`;
    expect((await client().post("/signup", { name: "Kno Wn", email: known, password: PASSWORD, adult: "on", terms: "on" })).status).toBe(302);
    await sink.waitFor((m) => m.to.includes(known));
    const user = await db.db.selectFrom("user").select("id").where("email", "=", known).executeTakeFirstOrThrow();
    const resets = () =>
      db.db.selectFrom("verification").select("id").where("value", "=", user.id).execute();
    // Lock the reset tokens' table: a response that waited on writing the reset token could not
    // be given until the lock is released.
    await db.db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`lock table verification in exclusive mode`.execute(conn);
      try {
        const answers = [];
        for (const email of [known, `nobody.${run}@example.com`]) {
          const res = await client().post("/auth/forgot", { email });
          answers.push([res.status, res.headers.get("location")]);
        }
        expect(answers[0]).toEqual([303, "/auth/forgot"]);
        expect(answers[1]).toEqual(answers[0]);
        expect(
          (await conn.selectFrom("verification").select("id").where("value", "=", user.id).execute()).length,
        ).toBe(0);
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
    // Then the work is done: the reset link arrives.
    await sink.waitFor((m) => m.to.includes(known) && m.text.includes("/auth/reset-password?token="));
    expect((await resets()).length).toBe(1);
  });
});
