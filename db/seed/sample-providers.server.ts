import { PDFDocument, StandardFonts } from "pdf-lib";
import type { DB } from "../../app/lib/db/db.server";
import { putObject } from "../../app/lib/storage.server";
import { documentKey } from "../../app/modules/providers/documents.server";
import { SERVICE_CATEGORIES } from "./data";

const SEED_KEY = "sample_providers_seeded_at";
const DAY = 24 * 60 * 60 * 1000;

type SampleProvider = {
  id: string;
  userId: string;
  applicationId: string;
  name: string;
  email: string;
  bio: string;
  services: string[];
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
    name: "Sample Provider — Lakeshore Plumbing",
    email: "sample.plumbing@gta-connect.invalid",
    bio: "A sample provider shipped with the demo data, not a real business: licensed plumbing, leaks, taps and water heaters.",
    services: ["plumbing", "handyman"],
    categories: ["handyman"],
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
    name: "Sample Provider — Northline Events",
    email: "sample.events@gta-connect.invalid",
    bio: "A sample provider shipped with the demo data, not a real business: DJ sets and event photography.",
    services: ["dj-events", "photography"],
    categories: ["events"],
    areas: ["Vaughan", "Toronto", "Brampton"],
    documents: ["work_permit"],
    servicePage: "dj-events",
    reviews: [{ username: "Sample reviewer D.", rating: 5, comment: "Sample review: kept the dance floor full all night.", daysAgo: 8 }],
  },
];

/** A one-page PDF that says what it is: a sample, not a document of anyone's. */
async function samplePdf(title: string): Promise<Uint8Array> {
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
            created_at: at,
          })),
        )
        .execute();
    }
    await trx.insertInto("app_meta").values({ key: SEED_KEY, value: at }).execute();
    return true;
  });
}
