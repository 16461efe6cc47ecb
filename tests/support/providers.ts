import sharp from "sharp";
import { randomUUID } from "node:crypto";
import type { DB } from "~/lib/db/db.server";
import { serviceBySlug } from "~/modules/providers/catalogue";
import type { ProviderApplicationData } from "~/modules/requests/kinds/provider-application";
import { type AccountOptions, signedInAccount } from "./accounts";
import type { HttpClient } from "./http-client";

export type ProviderRow = {
  name: string;
  id?: string;
  applicationId?: string;
  bio?: string | null;
  services?: string[];
  /** The services turned on at the profile set-up (default: every one of `services`). */
  categories?: string[];
  areas?: string[];
  status?: "live" | "approved";
};

/**
 * A providers row for a user, as an approval and the profile set-up leave it: by default a live
 * handyman in Leslieville, ID checked now. The areas are searched as the app stores them
 * (lower-cased, joined). A licensed service comes with its approved licence (valid two more
 * years), as an approval leaves it: without one the service is not shown (ADR 40). Returns the
 * provider's id.
 */
export async function insertProvider(
  db: DB,
  userId: string,
  {
    name,
    id = randomUUID(),
    applicationId = randomUUID(),
    bio = "Shelves, doors, small repairs.",
    services = ["handyman"],
    categories = services,
    areas = ["Leslieville"],
    status = "live",
  }: ProviderRow,
): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto("providers")
    .values({
      id,
      user_id: userId,
      application_id: applicationId,
      name,
      bio,
      services: JSON.stringify(services),
      categories: JSON.stringify(categories),
      service_areas: JSON.stringify(areas),
      search_text: areas.join(" | ").toLowerCase(),
      status,
      id_checked_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (services.some((s) => serviceBySlug(s)?.requiresLicense)) {
    const licence = randomUUID();
    await db
      .insertInto("provider_documents")
      .values({
        id: licence,
        application_id: applicationId,
        user_id: userId,
        kind: "licence",
        original_name: "licence.pdf",
        storage_key: `documents/${licence}.pdf`,
        content_type: "application/pdf",
        size: 1,
        expires_on: new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10),
        status: "approved",
        reminded_days: null,
        delete_after: null,
        deleted_at: null,
        created_at: now,
        renewal_id: null,
        checked_at: now,
      })
      .execute();
  }
  return id;
}

/**
 * What provider verification leaves behind for the account with this email: its role is
 * provider (with `phone`, if given) and it has a providers row (`name` defaults to the account's).
 */
export async function makeLiveProvider(
  db: DB,
  email: string,
  { phone, ...row }: Partial<ProviderRow> & { phone?: string } = {},
): Promise<{ id: string; userId: string }> {
  const user = await db.selectFrom("user").select(["id", "name"]).where("email", "=", email).executeTakeFirstOrThrow();
  await db
    .updateTable("user")
    .set({ role: "provider", ...(phone ? { phone } : {}) })
    .where("id", "=", user.id)
    .execute();
  const id = await insertProvider(db, user.id, { ...row, name: row.name ?? user.name });
  return { id, userId: user.id };
}

/**
 * A live provider with an account, signed in (see signedInAccount): the role is read from the
 * database on every request, so the session is the provider's. `id` is the provider's.
 */
export async function liveProvider(
  site: string,
  db: DB,
  { phone, provider, ...account }: AccountOptions & { phone?: string; provider?: Partial<ProviderRow> },
): Promise<{ client: HttpClient; id: string; userId: string }> {
  const { client } = await signedInAccount(site, db, account);
  const { id, userId } = await makeLiveProvider(db, account.email, { ...provider, name: provider?.name ?? account.name, phone });
  return { client, id, userId };
}

/** A provider application's fields as the form posts them (besides name, email, services and the files). */
const APPLICATION_FIELDS = {
  phone: "416 555 0142",
  address: "20 Dundas St W, Toronto",
  serviceArea: "Toronto, Etobicoke",
  workStatus: "citizen",
  confirmEligibility: "on",
  idType: "passport",
  idNumber: "P1234567",
  idExpiry: "2035-01-31",
  agreeToPolicies: "on",
  consentToChecks: "on",
  licenseType: "Trade/Plumber License",
  licenseNumber: "PL-778",
  licenseRegion: "Ontario",
  licenseExpiry: "2027-08-31",
};

/** A plumber's application as the form posts it without JavaScript: a passport photo, and `licence` as the licence PDF. */
export async function applicationForm(applicant: { name: string; email: string }, licence: Buffer): Promise<FormData> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...APPLICATION_FIELDS, fullName: applicant.name, email: applicant.email })) form.append(k, v);
  form.append("services", "plumbing");
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 210, b: 230 } } }).png().toBuffer();
  form.append("govIdFileFront", new File([new Uint8Array(png)], "passport.png", { type: "image/png" }));
  form.append("govIdFileBack", new File([], "", { type: "application/octet-stream" }));
  form.append("workPermitFile", new File([], "", { type: "application/octet-stream" }));
  form.append("licenseFile", new File([new Uint8Array(licence)], "licence.pdf", { type: "application/pdf" }));
  return form;
}

/** A provider application's stored values (an electrician, licensed in Ontario), for tests that submit one in process. */
export function applicationData(applicant: { name: string; email: string }, overrides: Partial<ProviderApplicationData> = {}): ProviderApplicationData {
  return {
    applicationId: randomUUID(),
    fullName: applicant.name,
    email: applicant.email,
    phone: "416 555 0101",
    address: "1 Front St",
    serviceAreas: ["Mississauga"],
    services: ["electrical"],
    customService: null,
    workStatus: "pr",
    workPermitExpiry: null,
    confirmEligibility: true,
    idType: "national_id",
    idNumber: "N-1",
    idExpiry: null,
    licenseType: "Electrical Contractor/Trade License",
    licenseNumber: "E-9",
    licenseRegion: "Ontario",
    licenseExpiry: null,
    agreeToPolicies: true,
    consentToChecks: true,
    documents: [],
    ...overrides,
  };
}

/** One document of an application, pending review (no file behind it: the tests read its row). */
export async function insertApplicationDocument(
  db: DB,
  doc: { applicationId: string; userId: string; kind: "id_front" | "licence" | "work_permit"; expiresOn: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("provider_documents")
    .values({
      id,
      application_id: doc.applicationId,
      user_id: doc.userId,
      kind: doc.kind,
      original_name: `${doc.kind}.png`,
      storage_key: `provider-documents/${randomUUID()}.png`,
      content_type: "image/png",
      size: 1,
      expires_on: doc.expiresOn,
      status: "pending",
      reminded_days: null,
      delete_after: null,
      deleted_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
