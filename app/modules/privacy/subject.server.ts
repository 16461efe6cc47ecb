import { createHmac } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, RequestTable } from "~/lib/db/schema";
import { getRuntime } from "~/lib/runtime.server";

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
  /** Phone numbers as digits only (at least 7 of them). */
  phones: string[];
};

type Executor = Kysely<Database> | Transaction<Database>;

export const digitsOf = (phone: string) => phone.replace(/\D+/g, "");
/** Two numbers are the same when one's digits end with the other's (a +1 country code or not). */
const samePhone = (a: string, b: string) => a.length >= 7 && b.length >= 7 && (a.endsWith(b) || b.endsWith(a));

/** The subject of an account: its id, its address, and its phone if it has one. */
export async function subjectOfUser(db: Executor, userId: string): Promise<PrivacySubject | null> {
  const user = await db.selectFrom("user").select(["id", "email", "phone"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const phone = user.phone ? digitsOf(user.phone) : "";
  return { userIds: [user.id], emails: [user.email.toLowerCase()], phones: phone.length >= 7 ? [phone] : [] };
}

/**
 * The subject an operator asks about: the address and/or number typed, plus the accounts (never
 * an admin's) that hold that address or number. Null when neither was usable.
 */
export async function subjectOfContact(db: Executor, input: { email?: string | null; phone?: string | null }): Promise<PrivacySubject | null> {
  const email = input.email?.trim().toLowerCase() || "";
  const phone = input.phone ? digitsOf(input.phone) : "";
  if (!email && phone.length < 7) return null;
  const subject: PrivacySubject = { userIds: [], emails: email ? [email] : [], phones: phone.length >= 7 ? [phone] : [] };
  const accounts = await db
    .selectFrom("user")
    .select(["id", "email", "phone", "role"])
    .where((eb) => {
      const or = [];
      if (email) or.push(eb(eb.fn("lower", ["email"]), "=", email));
      if (phone.length >= 7) or.push(eb("phone", "like", `%${phone.slice(-4)}%`));
      return eb.or(or);
    })
    .execute();
  for (const a of accounts) {
    const matches = a.email.toLowerCase() === email || (!!a.phone && subject.phones.some((p) => samePhone(p, digitsOf(a.phone!))));
    if (!matches || a.role === "admin") continue;
    subject.userIds.push(a.id);
    if (!subject.emails.includes(a.email.toLowerCase())) subject.emails.push(a.email.toLowerCase());
  }
  return subject;
}

/** Every phone-looking value in a payload, as digits. */
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
      const d = digitsOf(v);
      if (d.length >= 7 && d.length <= 15 && /^[\d\s().+-]+$/.test(v.trim())) out.push(d);
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
      for (const p of subject.phones) or.push(eb("data", "like", `%${p.slice(-4)}%`));
      return eb.or(or);
    })
    .orderBy("created_at")
    .execute();
  return rows.filter(
    (r) =>
      (r.user_id !== null && subject.userIds.includes(r.user_id)) ||
      (r.email !== null && subject.emails.includes(r.email.toLowerCase())) ||
      (subject.phones.length > 0 && payloadPhones(r.data).some((d) => subject.phones.some((p) => samePhone(p, d)))),
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
  accounts: number;
  requests: { reference: string; kind: string; status: string; createdAt: string; deleted: boolean }[];
  contactMessages: { reference: string; status: string; createdAt: string }[];
  reviews: { id: string; rating: number; service: string; status: string; createdAt: string }[];
  emails: number;
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
  return {
    accounts: subject.userIds.length,
    requests: requests
      .filter((r) => r.kind !== "contact-message")
      .map((r) => ({ reference: r.reference, kind: r.kind, status: r.status, createdAt: r.created_at, deleted: r.deleted_at !== null })),
    contactMessages: requests.filter((r) => r.kind === "contact-message").map((r) => ({ reference: r.reference, status: r.status, createdAt: r.created_at })),
    reviews: reviews.map((r) => ({ id: r.id, rating: r.rating, service: r.service, status: r.status, createdAt: r.created_at })),
    emails: Number(emails.n),
  };
}
