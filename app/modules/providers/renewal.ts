import { z } from "zod";
import { futureDate } from "~/lib/forms/fields";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { documentFile } from "./application";
import type { DocumentField, DocumentKind } from "./application-options";

/**
 * Documents renewal (ADR 27): the form a
 * provider posts (multipart, no script needed) with the renewed licence, ID or work permit and
 * its new expiry. The files go through the application's own checks (documentFile here,
 * prepareDocuments on the server): PNG, JPEG or PDF by their bytes, at most 10 MB.
 */
export const RENEWAL_DOCUMENTS = ["licence", "id", "work_permit"] as const;
export type RenewalDocument = (typeof RENEWAL_DOCUMENTS)[number];

/** The approved document kinds a renewal replaces (the ID's back shares the front's expiry). */
export const RENEWAL_KINDS: Record<RenewalDocument, DocumentKind[]> = {
  licence: ["licence"],
  id: ["id_front", "id_back"],
  work_permit: ["work_permit"],
};
/** The kind whose expiry stands for the group (what the reminders and the badge read). */
export const RENEWAL_MAIN_KIND: Record<RenewalDocument, DocumentKind> = { licence: "licence", id: "id_front", work_permit: "work_permit" };
/** The form's two file inputs, as the application's document fields (for the shared checks). */
export const RENEWAL_FIELDS: Record<RenewalDocument, { file: DocumentField; fileBack: DocumentField | null }> = {
  licence: { file: "licenseFile", fileBack: null },
  id: { file: "govIdFileFront", fileBack: "govIdFileBack" },
  work_permit: { file: "workPermitFile", fileBack: null },
};
export const RENEWAL_NAME_KEYS: Record<RenewalDocument, MessageKey> = {
  licence: "provider.document.licence",
  id: "provider.document.id",
  work_permit: "provider.document.work_permit",
};
export const RENEWAL_REASON_MAX = 500;

export function renewalSchema(t: Translate) {
  return z.object({
    document: z.enum(RENEWAL_DOCUMENTS, { error: t("renewal.error.document") }),
    expiresOn: futureDate(t, t("renewal.expiresOn"), t("renewal.error.expiresOn")),
    file: documentFile(t, t("renewal.error.file")),
    fileBack: documentFile(t, null),
  });
}
export type RenewalInput = z.infer<ReturnType<typeof renewalSchema>>;

/** The operator's decision on a renewal (the applications queue). */
export function renewalDecisionSchema(t: Translate) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("approve-renewal"), renewalId: z.string().uuid() }),
    z.object({
      intent: z.literal("reject-renewal"),
      renewalId: z.string().uuid(),
      reason: z
        .string({ error: t("renewal.error.reason") })
        .trim()
        .min(1, t("renewal.error.reason"))
        .max(RENEWAL_REASON_MAX, t("renewal.error.reasonLong", { max: RENEWAL_REASON_MAX })),
    }),
  ]);
}
