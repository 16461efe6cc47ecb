import { randomUUID } from "node:crypto";
import { href } from "react-router";
import type { MessageKey } from "~/lib/i18n/translate";
import type { SessionUser } from "~/lib/auth/session.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import { recordConsents } from "~/modules/legal/consents.server";
import { CONSENT_DOCUMENTS } from "~/modules/legal/versions";
import type { ProviderApplicationData } from "~/modules/requests/kinds/provider-application";
import { isDuplicateSubmission, submissionFor, submitRequest, type SubmitContext, type SubmittedRequest } from "~/modules/requests/requests.server";
import { type ApplicationInput, applicableDocumentFields, applicableValues, type DocumentKind } from "./application";
import { documentRows, type HeldDocuments, heldDocuments, releaseHeldDocuments, writeDocumentFiles } from "./documents.server";

export { DocumentRefused } from "./documents.server";

const DOCUMENT_LINK_KEYS: Record<DocumentKind, MessageKey> = {
  id_front: "provider.documentLink.id_front",
  id_back: "provider.documentLink.id_back",
  work_permit: "provider.documentLink.work_permit",
  licence: "provider.documentLink.licence",
};

/** An application still waiting for its decision: the applicant waits for it before applying again. */
export const OPEN_APPLICATION_STATES = ["received", "in_review"];

/**
 * Submits a provider application: its documents, checked and held by holdDocuments, are
 * written to private storage, then the application (a request of kind "provider-application",
 * status received), its document rows, the operator email and the applicant's confirmation
 * commit in one transaction. If that fails the files are removed; once it is sent, the held
 * copies are.
 */
export async function submitApplication(
  input: ApplicationInput,
  held: HeldDocuments["held"],
  ctx: SubmitContext & { user: SessionUser },
): Promise<SubmittedRequest> {
  const prepared = await heldDocuments(ctx.user.id, held, applicableDocumentFields(input));
  const values = applicableValues(input);
  const applicationId = randomUUID();
  const data: ProviderApplicationData = {
    applicationId,
    ...values,
    documents: prepared.map((d) => ({ kind: d.kind, name: d.name })),
  };
  const undo = await writeDocumentFiles(prepared);
  try {
    const sent = await getRuntime()
      .db.transaction()
      .execute(async (trx) => {
        const now = new Date().toISOString();
        const rows = documentRows(
          prepared,
          { applicationId, userId: ctx.user.id },
          {
            id_front: values.idExpiry,
            id_back: values.idExpiry,
            work_permit: values.workPermitExpiry,
            licence: values.licenseExpiry,
          },
          now,
        );
        if (rows.length) await trx.insertInto("provider_documents").values(rows).execute();
        // The form's required box agrees to the Provider Guidelines, the Terms and the Privacy Policy.
        await recordConsents(ctx.user.id, CONSENT_DOCUMENTS, "provider-application", trx, now);
        // The operator sees where each document can be opened (admins only, every access logged);
        // the applicant's confirmation carries no such link.
        const operatorLinks = prepared.map((d) => ({
          label: DOCUMENT_LINK_KEYS[d.kind],
          url: `${getRuntime().env.PUBLIC_URL}${href("/admin/provider-documents/:documentId", { documentId: d.id })}`,
        }));
        operatorLinks.push({
          label: "request.link.backOffice",
          url: `${getRuntime().env.PUBLIC_URL}${href("/admin/providers/:applicationId", { applicationId })}`,
        });
        // The token alone says "the same post": the application id is new on every post.
        return submitRequest("provider-application", data, ctx, { trx, operatorLinks, fingerprint: null });
      });
    mailQueued();
    await releaseHeldDocuments(ctx.user.id);
    return sent;
  } catch (error) {
    await undo();
    // The same post, sent at once by a racing request, which stored the application: its answer.
    const first = isDuplicateSubmission(error) ? await submissionFor("provider-application", ctx) : null;
    if (first) return first;
    throw error;
  }
}

/** Whether the user has an application waiting for a decision. */
export async function hasOpenApplication(userId: string): Promise<boolean> {
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "provider-application")
    .where("status", "in", OPEN_APPLICATION_STATES)
    .executeTakeFirst();
  return row !== undefined;
}

export type LatestApplication = {
  reference: string;
  email: string | null;
  status: string;
  createdAt: string;
  documents: { kind: string; name: string }[];
};

/** The signed-in user's most recent application (for /provider-pending and the form page). */
export async function latestApplication(userId: string): Promise<LatestApplication | null> {
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select(["reference", "email", "status", "created_at", "data"])
    .where("user_id", "=", userId)
    .where("kind", "=", "provider-application")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const data = JSON.parse(row.data) as Partial<ProviderApplicationData>;
  return {
    reference: row.reference,
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    documents: data.documents ?? [],
  };
}
