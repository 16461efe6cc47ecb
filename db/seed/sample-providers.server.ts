import { createHash } from "node:crypto";
import type { DB } from "../../app/lib/db/db.server";
import { putObject } from "../../app/lib/storage.server";
import { recordAudit } from "../../app/modules/admin/audit.server";
import { documentKey } from "../../app/modules/providers/documents.server";
import type { ProviderApplicationData } from "../../app/modules/requests/kinds/provider-application";
import { PROVIDER_SERVICES, SERVICE_CATEGORIES } from "./data";

const SEED_KEY = "sample_providers_seeded_at";
const DAY = 24 * 60 * 60 * 1000;

type SampleProvider = {
  id: string;
  userId: string;
  applicationId: string;
  /** Its approved application's reference: outside the generated alphabet (no L, no 1), so never drawn. */
  reference: string;
  name: string;
  email: string;
  bio: string;
  services: string[];
  /** The services it shows (catalogue slugs, ADR 40): here all those approved. */
  categories: string[];
  areas: string[];
  /** Documents besides the ID (checked): a licence or work permit, valid for two years. */
  documents: ("licence" | "work_permit")[];
  /** The service page its reviews show on. */
  servicePage: (typeof SERVICE_CATEGORIES)[number]["slug"];
  reviews: { username: string; rating: number; comment: string; daysAgo: number }[];
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/**
 * Verified providers for a first run: without them the service pages show none and the
 * back office has no one to match. Each says in its name and bio that it is a sample; its
 * account has no password (nobody can sign in as it) and its address is on `.invalid`, which
 * never receives mail.
 */
export const SAMPLE_PROVIDERS: SampleProvider[] = [
  {
    id: uuid(101),
    userId: uuid(201),
    applicationId: uuid(301),
    reference: "GTA-SAMPL1",
    name: "Sample Provider — Lakeshore Plumbing",
    email: "sample.plumbing@gta-connect.invalid",
    bio: "A sample provider shipped with the demo data, not a real business: licensed plumbing, leaks, taps and water heaters.",
    services: ["plumbing", "handyman"],
    categories: ["plumbing", "handyman"],
    areas: ["Etobicoke", "Mississauga", "Toronto"],
    documents: ["licence"],
    servicePage: "plumbing",
    reviews: [
      { username: "Sample reviewer A.", rating: 5, comment: "Sample review: fixed a leaking kitchen tap the same afternoon.", daysAgo: 12 },
      { username: "Sample reviewer B.", rating: 4, comment: "Sample review: replaced our water heater, clear quote up front.", daysAgo: 30 },
    ],
  },
  {
    id: uuid(102),
    userId: uuid(202),
    applicationId: uuid(302),
    reference: "GTA-SAMPL2",
    name: "Sample Provider — Annex Home Cleaning",
    email: "sample.cleaning@gta-connect.invalid",
    bio: "A sample provider shipped with the demo data, not a real business: weekly and move-out cleaning.",
    services: ["cleaning"],
    categories: ["cleaning"],
    areas: ["Toronto", "North York"],
    documents: [],
    servicePage: "cleaning",
    reviews: [{ username: "Sample reviewer C.", rating: 5, comment: "Sample review: spotless move-out clean, deposit returned in full.", daysAgo: 20 }],
  },
  {
    id: uuid(103),
    userId: uuid(203),
    applicationId: uuid(303),
    reference: "GTA-SAMPL3",
    name: "Sample Provider — Northline Events",
    email: "sample.events@gta-connect.invalid",
    bio: "A sample provider shipped with the demo data, not a real business: DJ sets and event photography.",
    services: ["dj-events", "photography"],
    categories: ["dj-events", "photography"],
    areas: ["Vaughan", "Toronto", "Brampton"],
    documents: ["work_permit"],
    servicePage: "dj-events",
    reviews: [{ username: "Sample reviewer D.", rating: 5, comment: "Sample review: kept the dance floor full all night.", daysAgo: 8 }],
  },
];

/**
 * The approved application behind a sample provider, as the Become a Provider form stores it: the
 * back office's provider page shows its answers, its (sample) documents and its approval.
 */
function sampleApplication(p: SampleProvider, validTo: string): ProviderApplicationData {
  const licensed = PROVIDER_SERVICES.find((s) => s.requiresLicense && p.services.includes(s.slug));
  const permit = p.documents.includes("work_permit");
  return {
    applicationId: p.applicationId,
    fullName: p.name,
    email: p.email,
    phone: "+1 416 555 0100",
    address: `1 Sample Street, ${p.areas[0]}, ON (sample address)`,
    serviceAreas: p.areas,
    services: p.services,
    customService: null,
    workStatus: permit ? "open_permit" : "citizen",
    workPermitExpiry: permit ? validTo : null,
    confirmEligibility: true,
    idType: "national_id",
    idNumber: "SAMPLE-0000",
    idExpiry: null,
    licenseType: licensed ? (licensed.licenseType ?? null) : null,
    licenseNumber: licensed ? "SAMPLE-LICENCE" : null,
    licenseRegion: licensed ? "Ontario" : null,
    licenseExpiry: licensed ? validTo : null,
    agreeToPolicies: true,
    consentToChecks: true,
    documents: (["id_front", ...p.documents] as const).map((kind) => ({ kind, name: `sample-${kind}.pdf` })),
  };
}

/** A one-page PDF that says what it is: a sample, not a document of anyone's. */
async function samplePdf(title: string): Promise<Uint8Array> {
  // Only when sample providers are seeded (once per database): not with every start.
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 300]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText("SAMPLE DOCUMENT", { x: 40, y: 240, size: 22, font });
  page.drawText(title, { x: 40, y: 200, size: 12, font });
  page.drawText("Demo data of GTA Connect: not a real identity document.", { x: 40, y: 170, size: 10, font });
  return pdf.save();
}

/**
 * Loads the sample providers once per database, with its first seeding (runtime.server.ts); its
 * own marker makes a second call do nothing, and deleting them later does not bring them back.
 * Their document files go to the uploads folder first: a file without a row is harmless, a row
 * without its file is not.
 */
export async function seedSampleProviders(db: DB, uploadsDir: string, now = new Date()): Promise<boolean> {
  const done = await db.selectFrom("app_meta").select("value").where("key", "=", SEED_KEY).executeTakeFirst();
  if (done) return false;
  const at = now.toISOString();
  const validTo = new Date(now.getTime() + 2 * 365 * DAY).toISOString().slice(0, 10);
  const files: { id: string; providerIndex: number; kind: "id_front" | "licence" | "work_permit"; key: string; size: number }[] = [];
  for (const [i, p] of SAMPLE_PROVIDERS.entries()) {
    for (const [j, kind] of (["id_front", ...p.documents] as const).entries()) {
      const id = uuid(1000 + i * 10 + j);
      const key = documentKey(id, "application/pdf");
      const body = await samplePdf(`${p.name}: ${kind}`);
      await putObject(key, body, uploadsDir);
      files.push({ id, providerIndex: i, kind, key, size: body.length });
    }
  }
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", SEED_KEY).executeTakeFirst()) return false;
    for (const [i, p] of SAMPLE_PROVIDERS.entries()) {
      if (await trx.selectFrom("providers").select("id").where("id", "=", p.id).executeTakeFirst()) continue;
      await trx
        .insertInto("user")
        .values({ id: p.userId, name: p.name, email: p.email, emailVerified: 1, image: null, createdAt: at, updatedAt: at, phone: null, role: "provider", adultConfirmedAt: at, termsAcceptedAt: at })
        .execute();
      await trx
        .insertInto("providers")
        .values({
          id: p.id,
          user_id: p.userId,
          application_id: p.applicationId,
          name: p.name,
          bio: p.bio,
          // The samples' words are English (marked so on other languages' pages: text-lang.ts).
          bio_locale: "en-US",
          services: JSON.stringify(p.services),
          categories: JSON.stringify(p.categories),
          service_areas: JSON.stringify(p.areas),
          search_text: `${p.name} | ${p.areas.join(" | ")}`.toLowerCase(),
          status: "live",
          work_hours: null,
          away_periods: null,
          id_checked_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
      // Approved like any application: received, then approved, the approval in the audit log.
      const requestId = uuid(400 + i + 1);
      await trx
        .insertInto("requests")
        .values({
          id: requestId,
          reference: p.reference,
          // Nobody holds a status link to a sample: the hash of a token never handed out.
          token_hash: createHash("sha256").update(`sample-provider-${p.id}`).digest("hex"),
          kind: "provider-application",
          status: "approved",
          user_id: p.userId,
          name: p.name,
          email: p.email,
          data: JSON.stringify(sampleApplication(p, validTo)),
          locale: "en",
          subject_type: "provider-application",
          subject_id: p.applicationId,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          provider_id: null,
          respond_by: null,
          rematch_reason: null,
          provider_done_at: null,
          submission_key: null,
        })
        .execute();
      await trx
        .insertInto("request_events")
        .values([
          { id: uuid(500 + i * 2 + 1), request_id: requestId, status: "received", note: null, created_at: at },
          { id: uuid(500 + i * 2 + 2), request_id: requestId, status: "approved", note: "Sample data: approved with the demo data.", created_at: at },
        ])
        .execute();
      await recordAudit(trx, {
        actorId: "system",
        action: "provider-application.approve",
        entityType: "request",
        entityId: requestId,
        before: { status: "received", role: null, services: null },
        after: { status: "approved", role: "provider", services: p.services },
        note: "Sample data: approved with the demo data.",
      });
      await trx
        .insertInto("provider_documents")
        .values(
          files
            .filter((f) => f.providerIndex === i)
            .map((f) => ({
              id: f.id,
              application_id: p.applicationId,
              user_id: p.userId,
              kind: f.kind,
              original_name: `sample-${f.kind}.pdf`,
              storage_key: f.key,
              content_type: "application/pdf",
              size: f.size,
              expires_on: f.kind === "id_front" ? null : validTo,
              status: "approved" as const,
              reminded_days: null,
              delete_after: null,
              deleted_at: null,
              created_at: at,
              checked_at: at,
            })),
        )
        .execute();
      const service = SERVICE_CATEGORIES.find((c) => c.slug === p.servicePage)!.title;
      await trx
        .insertInto("community_reviews")
        .values(
          p.reviews.map((r, k) => ({
            id: `r-sample-${i + 1}-${k + 1}`,
            username: r.username,
            review_date: new Date(now.getTime() - r.daysAgo * DAY).toISOString().slice(0, 10),
            rating: r.rating,
            comment: r.comment,
            service,
            service_slug: p.servicePage,
            provider_id: p.id,
            status: "published" as const,
            locale: "en-US",
            created_at: at,
          })),
        )
        .execute();
    }
    await trx.insertInto("app_meta").values({ key: SEED_KEY, value: at }).execute();
    return true;
  });
}
