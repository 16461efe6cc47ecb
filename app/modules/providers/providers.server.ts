import type { Kysely } from "kysely";
import { torontoToday } from "~/lib/forms/fields";
import type { Database } from "~/lib/db/schema";
import { nestedRows, parsedRows } from "~/lib/db/nested-rows.server";
import { getRuntime } from "~/lib/runtime.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { textLang } from "~/lib/i18n/text-lang";
import { worksOnAny } from "./availability";
import { readAvailability } from "./availability.server";
import { offerableServices, servicePagesFor, shownServices } from "./catalogue";
import type { ProfileInput } from "./profile";
import type { PublicProvider, Verification } from "./views";

/**
 * Providers after approval (ADR 9): the profile set-up, the public profile and the
 * lists on service pages and in search. A provider is public when its profile is live and none
 * of its approved documents (ID, work permit, licence) has expired — checked on every read, so
 * an expiry hides the provider that very day, whatever the daily job has done yet.
 */
const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export type ProviderSetup = {
  name: string;
  bio: string;
  /** The services turned on (catalogue slugs). */
  categories: string[];
  /** The services the provider may turn on: approved, a licensed one with its licence on file (ADR 40). */
  offerable: string[];
  live: boolean;
};

/** Whether an approved licence is on file for this account (an expired one hides the whole provider anyway). */
async function hasApprovedLicence(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("provider_documents")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "licence")
    .where("status", "=", "approved")
    .executeTakeFirst();
  return Boolean(row);
}

/** The approved provider's profile to set up, or null when the user is not an approved provider. */
export async function providerSetupFor(user: { id: string; role: string }): Promise<ProviderSetup | null> {
  if (user.role !== "provider" && user.role !== "admin") return null;
  const { db } = getRuntime();
  const row = await db.selectFrom("providers").selectAll().where("user_id", "=", user.id).executeTakeFirst();
  if (!row) return null;
  const offerable = offerableServices(parseList(row.services), await hasApprovedLicence(db, user.id));
  const chosen = shownServices(parseList(row.categories), offerable);
  return {
    name: row.name,
    bio: row.bio ?? "",
    // Before the first save every service the provider may offer starts turned on.
    categories: row.status === "live" || chosen.length ? chosen : offerable,
    offerable,
    live: row.status === "live",
  };
}

/** What My Account links to for a provider: the set-up page, and the public profile once live. */
export async function providerLinksFor(user: {
  id: string;
  role: string;
}): Promise<{ publicId: string | null } | null> {
  if (user.role !== "provider" && user.role !== "admin") return null;
  const row = await getRuntime()
    .db.selectFrom("providers")
    .select(["id", "status"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return row ? { publicId: row.status === "live" ? row.id : null } : null;
}

/**
 * Saves the profile and puts it live; false when the user is not an approved provider. Services
 * it may not offer are dropped here too (the form's schema refuses them with a message).
 */
export async function saveProviderProfile(
  user: { id: string; role: string },
  input: ProfileInput,
  /** The language of the page it was sent from: the bio's, if the bio changed (0032). */
  locale: Locale,
): Promise<boolean> {
  if (user.role !== "provider" && user.role !== "admin") return false;
  const { db } = getRuntime();
  const row = await db.selectFrom("providers").select(["services", "bio", "bio_locale"]).where("user_id", "=", user.id).executeTakeFirst();
  if (!row) return false;
  const offerable = offerableServices(parseList(row.services), await hasApprovedLicence(db, user.id));
  const result = await db
    .updateTable("providers")
    .set({
      bio: input.bio,
      // Services ticked on a French page do not make an English bio French.
      bio_locale: input.bio === row.bio ? row.bio_locale : locale,
      categories: JSON.stringify(shownServices(input.categories, offerable)),
      status: "live",
      updated_at: new Date().toISOString(),
    })
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type { PublicProvider };

type ApprovedDocument = { kind: string; expires_on: string | null; checked_at: string | null };

/**
 * Live providers none of whose approved documents has expired (as of `today`, Toronto time),
 * each with its approved documents (what the badge says) as a JSON column of the same query: a
 * service page's providers are one round trip (issue 52 item 4).
 */
function visibleProviders(today: string) {
  const { db, dialect } = getRuntime();
  return db
    .selectFrom("providers as p")
    .selectAll("p")
    .select((eb) =>
      nestedRows(dialect)
        .array(
          eb
            .selectFrom("provider_documents as a")
            .select(["a.kind", "a.expires_on", "a.checked_at"])
            .whereRef("a.user_id", "=", "p.user_id")
            .where("a.status", "=", "approved"),
        )
        .as("approved_documents"),
    )
    .where("p.status", "=", "live")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("provider_documents as d")
            .select("d.id")
            .whereRef("d.user_id", "=", "p.user_id")
            .where("d.status", "=", "approved")
            .where("d.expires_on", "is not", null)
            .where("d.expires_on", "<", today),
        ),
      ),
    );
}

/**
 * What the badge says: when the ID and the licence were checked (what the services rest on), and
 * until when the licence and permit are valid.
 */
function verificationOf(docs: ApprovedDocument[], idCheckedAt: string): Verification {
  const validTo = (kind: string) =>
    docs
      .filter((d) => d.kind === kind && d.expires_on)
      .map((d) => d.expires_on!)
      .sort()
      .at(0) ?? null;
  const licenceCheckedAt =
    docs
      .filter((d) => d.kind === "licence")
      .map((d) => d.checked_at ?? idCheckedAt)
      .sort()
      .at(-1) ?? null;
  return { idCheckedAt, licenceCheckedAt, licenceValidTo: validTo("licence"), permitValidTo: validTo("work_permit") };
}

function toPublic(row: Database["providers"] & { id: string }, verification: Verification): PublicProvider {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio ?? "",
    // Turned on among those it may offer, in catalogue order, whatever order they were ticked in.
    services: shownServices(
      parseList(row.categories),
      offerableServices(parseList(row.services), verification.licenceCheckedAt !== null),
    ),
    serviceAreas: parseList(row.service_areas),
    verification,
  };
}

/** A live, unexpired provider's public profile, or null (404). */
/** `reader`: the page's language (a bio written in another is marked with its own, `bioLang`). */
export async function findPublicProvider(id: string, today = torontoToday(), reader: Locale = DEFAULT_LOCALE): Promise<PublicProvider | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = await visibleProviders(today).where("p.id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    ...toPublic(row as never, verificationOf(parsedRows<ApprovedDocument>(row.approved_documents), row.id_checked_at)),
    bioLang: textLang(row.bio_locale, reader),
  };
}

export type ProviderFilter = {
  servicePage?: string;
  /** A catalogue service the provider shows (the shortlist's filter). */
  service?: string;
  area?: string;
  licensed?: boolean;
  /** Toronto dates (YYYY-MM-DD): only providers who work on at least one (a search's "this weekend"). */
  dates?: readonly string[];
};

/** Live, unexpired providers matching the filter (a service page, a service, an area, a verified licence). */
export async function listPublicProviders(
  filter: ProviderFilter = {},
  today = torontoToday(),
  limit = 50,
): Promise<PublicProvider[]> {
  let q = visibleProviders(today);
  if (filter.area?.trim())
    q = q.where("p.search_text", "like", `%${filter.area.trim().toLowerCase().replace(/[%_]/g, "")}%`);
  const rows = await q.orderBy("p.updated_at", "desc").limit(500).execute();
  const out: PublicProvider[] = [];
  for (const row of rows) {
    const p = toPublic(row as never, verificationOf(parsedRows<ApprovedDocument>(row.approved_documents), row.id_checked_at));
    if (filter.servicePage && !servicePagesFor(p.services).includes(filter.servicePage)) continue;
    if (filter.service && !p.services.includes(filter.service)) continue;
    if (filter.licensed && !p.verification.licenceValidTo) continue;
    if (filter.dates?.length && !worksOnAny(readAvailability(row as never), filter.dates)) continue;
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
