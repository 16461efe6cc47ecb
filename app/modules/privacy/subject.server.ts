import { createHash, createHmac } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, RequestTable } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";
import { toE164 } from "./phone";

/**
 * Whose data a privacy action is about (export, deletion, erasure): an account (its id, with its
 * address and phone), or a person without an account, known only by an email address and/or a
 * phone number an operator typed. The export, the account deletion and the operator's erasure
 * all find "their" records through this one definition, so they cannot disagree.
 */
export type PrivacySubject = {
  /** The account(s): for a person with an account, their own; for an email that belongs to an account, that one. */
  userIds: string[];
  /** Lower-cased addresses. */
  emails: string[];
  /** Whole phone numbers, E.164 (phone.ts): a number matches only the same number. */
  phones: string[];
};

type Executor = Kysely<Database> | Transaction<Database>;

/** The last four digits: a cheap SQL pre-filter only; the whole numbers are compared after it. */
const lastFour = (e164: string) => e164.slice(-4);

/** The subject of an account: its id, its address, and its phone if it has one. */
export async function subjectOfUser(db: Executor, userId: string): Promise<PrivacySubject | null> {
  const user = await db.selectFrom("user").select(["id", "email", "phone"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const phone = user.phone ? toE164(user.phone) : null;
  return { userIds: [user.id], emails: [user.email.toLowerCase()], phones: phone ? [phone] : [] };
}

/**
 * The subject an operator asks about: the address and/or number typed, plus the accounts (never
 * an admin's) that hold exactly that address (compared lower-cased and trimmed) or that whole
 * number. Null when nothing usable was typed, or when a phone was typed that is not one whole
 * number (`555-0101`): the operator is asked for the full number rather than given a guess.
 */
export async function subjectOfContact(db: Executor, input: { email?: string | null; phone?: string | null }): Promise<PrivacySubject | null> {
  const email = input.email?.normalize("NFC").trim().toLowerCase() || "";
  const typedPhone = input.phone?.trim() || "";
  const phone = typedPhone ? toE164(typedPhone) : null;
  if (typedPhone && !phone) return null;
  if (!email && !phone) return null;
  const subject: PrivacySubject = { userIds: [], emails: email ? [email] : [], phones: phone ? [phone] : [] };
  const accounts = await db
    .selectFrom("user")
    .select(["id", "email", "phone", "role"])
    .where((eb) => {
      const or = [];
      if (email) or.push(eb(eb.fn("lower", ["email"]), "=", email));
      if (phone) or.push(eb("phone", "like", `%${lastFour(phone)}%`));
      return eb.or(or);
    })
    .execute();
  for (const a of accounts) {
    const matches = a.email.toLowerCase() === email || (!!a.phone && phone !== null && toE164(a.phone) === phone);
    if (!matches || a.role === "admin") continue;
    subject.userIds.push(a.id);
    if (!subject.emails.includes(a.email.toLowerCase())) subject.emails.push(a.email.toLowerCase());
  }
  return subject;
}

/** Every value in a payload that is one whole phone number, as E.164. */
function payloadPhones(data: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      const e164 = toE164(v);
      if (e164) out.push(e164);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(parsed);
  return out;
}

/** What a privacy action needs of each of the subject's requests. */
const SUBJECT_REQUEST_COLUMNS = [
  "id",
  "reference",
  "kind",
  "status",
  "user_id",
  "name",
  "email",
  "data",
  "created_at",
  "provider_id",
  "subject_id",
  "deleted_at",
] as const;
export type SubjectRequest = Pick<RequestTable, (typeof SUBJECT_REQUEST_COLUMNS)[number]>;

/**
 * The subject's requests of every kind: sent from their account, or giving their address (the
 * request's contact email), or their phone number anywhere in what they typed. Not the requests
 * a provider account was matched to: those are the customers' (see erase.server.ts).
 */
export async function requestsOfSubject(db: Executor, subject: PrivacySubject): Promise<SubjectRequest[]> {
  if (subject.userIds.length === 0 && subject.emails.length === 0 && subject.phones.length === 0) return [];
  const rows = await db
    .selectFrom("requests")
    .select(SUBJECT_REQUEST_COLUMNS)
    .where((eb) => {
      const or = [];
      if (subject.userIds.length) or.push(eb("user_id", "in", subject.userIds));
      if (subject.emails.length) or.push(eb(eb.fn("lower", ["email"]), "in", subject.emails));
      // A cheap pre-filter on the last four digits; the exact comparison is below.
      for (const p of subject.phones) or.push(eb("data", "like", `%${lastFour(p)}%`));
      return eb.or(or);
    })
    .orderBy("created_at")
    .execute();
  return rows.filter(
    (r) =>
      (r.user_id !== null && subject.userIds.includes(r.user_id)) ||
      (r.email !== null && subject.emails.includes(r.email.toLowerCase())) ||
      (subject.phones.length > 0 && payloadPhones(r.data).some((p) => subject.phones.includes(p))),
  );
}

/**
 * A stable pseudonym of a subject for the audit log: the same person gives the same value (so
 * an operator can show that a request was served), yet the log never holds the address itself.
 */
export function subjectDigest(subject: PrivacySubject): string {
  const key = [...subject.emails].sort().join(",") + "|" + [...subject.phones].sort().join(",");
  return createHmac("sha256", getRuntime().env.AUTH_SECRET).update(key).digest("hex").slice(0, 16);
}

export type SubjectFindings = {
  /** The accounts included, listed so the operator can check each is the person's. */
  accounts: { id: string; email: string; name: string; role: string; createdAt: string }[];
  requests: { reference: string; kind: string; status: string; createdAt: string; deleted: boolean }[];
  contactMessages: { reference: string; status: string; createdAt: string }[];
  reviews: { id: string; rating: number; service: string; status: string; createdAt: string }[];
  emails: number;
  /**
   * What an export or an erasure of these findings includes, as one value: the operator's
   * confirmation carries it, and the action runs only if what matches then is still exactly this.
   */
  included: string;
};

/**
 * What an operator sees for a subject: their requests of every kind (contact
 * messages apart), the reviews they wrote or that hang off their requests, and how many emails
 * of the outbox concern them. References and counts only: the details are a click away.
 */
export async function findingsFor(db: Executor, subject: PrivacySubject): Promise<SubjectFindings> {
  const requests = await requestsOfSubject(db, subject);
  const ids = requests.map((r) => r.id);
  const reviews = await db
    .selectFrom("community_reviews")
    .select(["id", "rating", "service", "status", "created_at"])
    .where((eb) => {
      const or = [];
      if (subject.userIds.length) or.push(eb("author_user_id", "in", subject.userIds));
      if (ids.length) or.push(eb("request_id", "in", ids));
      return or.length ? eb.or(or) : eb("id", "=", "");
    })
    .orderBy("created_at")
    .execute();
  const emails = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where((eb) => {
      const or = [];
      if (ids.length) or.push(eb("request_id", "in", ids));
      if (subject.emails.length) {
        or.push(eb(eb.fn("lower", ["to_address"]), "in", subject.emails));
        or.push(eb(eb.fn("lower", ["reply_to"]), "in", subject.emails));
      }
      return or.length ? eb.or(or) : eb("id", "=", "");
    })
    .executeTakeFirstOrThrow();
  const accounts = subject.userIds.length
    ? await db.selectFrom("user").select(["id", "email", "name", "role", "createdAt"]).where("id", "in", subject.userIds).orderBy("createdAt").execute()
    : [];
  const included = [
    ...accounts.map((a) => `account:${a.id}`),
    ...requests.map((r) => `request:${r.reference}`),
    ...reviews.map((r) => `review:${r.id}`),
  ].sort();
  return {
    accounts: accounts.map((a) => ({ id: a.id, email: a.email, name: a.name, role: a.role ?? "user", createdAt: new Date(a.createdAt).toISOString() })),
    requests: requests
      .filter((r) => r.kind !== "contact-message")
      .map((r) => ({ reference: r.reference, kind: r.kind, status: r.status, createdAt: r.created_at, deleted: r.deleted_at !== null })),
    contactMessages: requests.filter((r) => r.kind === "contact-message").map((r) => ({ reference: r.reference, status: r.status, createdAt: r.created_at })),
    reviews: reviews.map((r) => ({ id: r.id, rating: r.rating, service: r.service, status: r.status, createdAt: r.created_at })),
    emails: Number(emails.n),
    included: createHash("sha256").update(included.join("\n")).digest("base64url"),
  };
}

/** The references of the findings, for an audit entry: what was included, never who. */
export const includedReferences = (findings: SubjectFindings) => ({
  accounts: findings.accounts.length,
  references: [...findings.requests.map((r) => r.reference), ...findings.contactMessages.map((m) => m.reference)].sort(),
  reviews: findings.reviews.length,
});
