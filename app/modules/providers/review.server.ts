import { sql } from "kysely";
import type { Translate } from "~/lib/i18n/translate";
import { getRuntime } from "~/lib/runtime.server";
import { renderFields } from "~/modules/requests/kind";
import { requestEvents } from "~/modules/requests/requests.server";
import { providerApplication, type ProviderApplicationData } from "~/modules/requests/kinds/provider-application";
import { canMove, isRequestStatus, PROVIDER_APPLICATION_LIFECYCLE, type RequestStatus } from "~/modules/requests/status";
import { providerServiceName } from "./catalogue";
import type { DocumentKind } from "./application";
import { shownName } from "~/modules/privacy/deleted-name";

/**
 * What the back office reads of provider applications (ADR 14): the list, waiting
 * ones first, and one application with its fields (rendered by its request kind), the services
 * applied for (the approval's choices) and its documents for the inline viewer. The decisions
 * themselves are decisions.server.ts.
 */
export const APPLICATION_FILTERS = ["all", "open", "approved", "rejected", "cancelled"] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];
export const isApplicationFilter = (v: unknown): v is ApplicationFilter => (APPLICATION_FILTERS as readonly unknown[]).includes(v);
const FILTER_STATES: Record<Exclude<ApplicationFilter, "all">, RequestStatus[]> = {
  open: ["received", "in_review"],
  approved: ["approved"],
  rejected: ["rejected"],
  cancelled: ["cancelled"],
};
export const APPLICATIONS_PAGE_SIZE = 25;

export type ApplicationRow = {
  applicationId: string;
  reference: string;
  name: string;
  email: string | null;
  status: RequestStatus;
  services: string[];
  createdAt: string;
};

const parseData = (json: string): Partial<ProviderApplicationData> => {
  try {
    return JSON.parse(json) as Partial<ProviderApplicationData>;
  } catch {
    return {};
  }
};

/** Applications, those waiting for a decision first (oldest first), then the rest newest first. */
export async function listApplications(params: { filter: ApplicationFilter; page: number }, t: Translate) {
  const { db } = getRuntime();
  const page = Math.max(1, Math.floor(params.page) || 1);
  const base = () => {
    let q = db
      .selectFrom("requests")
      .where("kind", "=", "provider-application")
      .where("subject_type", "=", "provider-application")
      .where("deleted_at", "is", null);
    if (params.filter !== "all") q = q.where("status", "in", FILTER_STATES[params.filter]);
    return q;
  };
  const rows = await base()
    .select(["subject_id", "reference", "name", "email", "status", "data", "created_at"])
    .orderBy(sql`case when status in ('received', 'in_review') then 0 else 1 end`)
    .orderBy(sql`case when status in ('received', 'in_review') then created_at else '' end`, "asc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(APPLICATIONS_PAGE_SIZE + 1)
    .offset((page - 1) * APPLICATIONS_PAGE_SIZE)
    .execute();
  const total = Number((await base().select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  return {
    pages: Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE)),
    rows: rows.slice(0, APPLICATIONS_PAGE_SIZE).map(
      (r): ApplicationRow => ({
        applicationId: r.subject_id ?? "",
        reference: r.reference,
        name: shownName(r.name, t),
        email: r.email,
        status: isRequestStatus(r.status) ? r.status : "received",
        /** Slugs: the page names them in the reader's language (providerServiceName). */
        services: parseData(r.data).services ?? [],
        createdAt: r.created_at,
      }),
    ),
    page,
    total,
    hasNext: rows.length > APPLICATIONS_PAGE_SIZE,
  };
}

export type ReviewDocument = {
  id: string;
  kind: DocumentKind;
  name: string;
  contentType: string;
  size: number;
  expiresOn: string | null;
  status: string;
  /** Deleted after the retention period (a rejected application): the record stays, the file is gone. */
  deleted: boolean;
};

/** One application as the operator reviews it, in the operator's language. */
export async function getApplicationForReview(applicationId: string, t: Translate) {
  if (!/^[0-9a-f-]{36}$/.test(applicationId)) return null;
  const { db } = getRuntime();
  const row = await db
    .selectFrom("requests")
    .select(["id", "reference", "status", "name", "email", "user_id", "data", "created_at"])
    .where("kind", "=", "provider-application")
    .where("subject_type", "=", "provider-application")
    .where("subject_id", "=", applicationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row || !isRequestStatus(row.status)) return null;
  const parsed = providerApplication.payload.safeParse(JSON.parse(row.data));
  const data = parsed.success ? parsed.data : (parseData(row.data) as ProviderApplicationData);
  const documents = await db
    .selectFrom("provider_documents")
    .select(["id", "kind", "original_name", "content_type", "size", "expires_on", "status", "deleted_at"])
    .where("application_id", "=", applicationId)
    .orderBy("created_at")
    .execute();
  const events = await requestEvents(db, row.id);
  const status = row.status;
  return {
    requestId: row.id,
    applicationId,
    reference: row.reference,
    status,
    name: shownName(row.name, t),
    email: row.email,
    hasAccount: row.user_id !== null,
    createdAt: row.created_at,
    fields: renderFields(providerApplication, data, t),
    /** The services applied for: the approval grants a non-empty subset. */
    services: (data.services ?? []).map((slug) => ({ slug, name: providerServiceName(t, slug) })),
    documents: documents.map(
      (d): ReviewDocument => ({
        id: d.id,
        kind: d.kind,
        name: d.original_name,
        contentType: d.content_type,
        size: Number(d.size),
        expiresOn: d.expires_on,
        status: d.status,
        deleted: d.deleted_at !== null,
      }),
    ),
    events,
    can: {
      approve: row.user_id !== null && canMove(PROVIDER_APPLICATION_LIFECYCLE, status, "approved"),
      reject: canMove(PROVIDER_APPLICATION_LIFECYCLE, status, "rejected"),
    },
  };
}
export type ApplicationForReview = NonNullable<Awaited<ReturnType<typeof getApplicationForReview>>>;
