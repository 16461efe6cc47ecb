import { z } from "zod";
import type { MessageKey } from "~/lib/i18n/translate";
import {
  ID_TYPE_LABEL_KEYS,
  type IdType,
  WORK_STATUS_LABEL_KEYS,
  type WorkStatus,
} from "~/modules/providers/application";
import { providerServiceName } from "~/modules/providers/catalogue";
import { asDate, defineKind, type KindField } from "../kind";
import { PROVIDER_APPLICATION_LIFECYCLE } from "../status";

/**
 * A Become a Provider application (docs/decisions/0009-providers.md). The payload keeps the
 * typed answers and the documents' original file names only: the files themselves live in
 * provider_documents, readable by admins alone, and no email or page carries their address.
 */
const payload = z.object({
  applicationId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  serviceAreas: z.array(z.string()),
  services: z.array(z.string()),
  customService: z.string().nullable(),
  workStatus: z.string(),
  workPermitExpiry: z.string().nullable(),
  confirmEligibility: z.boolean(),
  idType: z.string(),
  idNumber: z.string(),
  idExpiry: z.string().nullable(),
  licenseType: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseRegion: z.string().nullable(),
  licenseExpiry: z.string().nullable(),
  agreeToPolicies: z.boolean(),
  consentToChecks: z.boolean(),
  documents: z.array(z.object({ kind: z.string(), name: z.string() })),
});
export type ProviderApplicationData = z.infer<typeof payload>;

const f = (
  name: keyof ProviderApplicationData & string,
  format?: KindField<ProviderApplicationData>["format"],
  asWritten?: true,
): KindField<ProviderApplicationData> => ({
  name,
  label: `provider.field.${name}` as MessageKey,
  ...(format ? { format } : {}),
  ...(asWritten ? { asWritten } : {}),
});

/** "P1234567" → "••••4567". */
export const maskId = (id: string) => `••••${id.slice(-4)}`;

export const providerApplication = defineKind<ProviderApplicationData>({
  name: "provider-application",
  payload,
  // The required boxes (eligibility, policies, checks) are not read back: an application is sent
  // only once they are ticked, and "I agree to…: Yes" reads as a form, not a message (issue 51).
  fields: () => [
    f("fullName"),
    f("email"),
    f("phone"),
    f("address"),
    f("serviceAreas", (v) => (Array.isArray(v) && v.length ? v.join(", ") : null), true),
    f("services", (v, t) => (Array.isArray(v) && v.length ? v.map((s) => providerServiceName(t, String(s))).join(", ") : null)),
    // Read back without the form's "(optional)" (issue 51).
    { ...f("customService"), label: "provider.fieldName.customService" },
    f("workStatus", (v, t) =>
      typeof v === "string" && v in WORK_STATUS_LABEL_KEYS
        ? t(WORK_STATUS_LABEL_KEYS[v as WorkStatus])
        : null,
    ),
    f("workPermitExpiry", asDate),
    f("idType", (v, t) =>
      typeof v === "string" && v in ID_TYPE_LABEL_KEYS ? t(ID_TYPE_LABEL_KEYS[v as IdType]) : null,
    ),
    // Emails and status pages show only the ID number's last characters; the document is the record.
    f("idNumber", (v) => (typeof v === "string" && v ? maskId(v) : null)),
    f("idExpiry", asDate),
    f("licenseType"),
    f("licenseNumber"),
    f("licenseRegion", undefined, true),
    f("licenseExpiry", asDate),
    f("documents", (v) => (Array.isArray(v) && v.length ? v.map((d) => (d as { name: string }).name).join(", ") : null), true),
  ],
  title: (_d, t) => t("request.title.providerApplication"),
  contact: (d) => ({ name: d.fullName, email: d.email }),
  operatorSubject: (d, t) => t("provider.email.operatorSubject", { name: d.fullName }),
  confirmation: () => "provider.submittedText",
  // The applicant offers services: the customers' "payment is arranged with the provider" is not theirs.
  customerFooter: "email.customer.footerProviderApplication",
  concerns: "provider-application",
  subject: (d) => ({ type: "provider-application", id: d.applicationId }),
  lifecycle: PROVIDER_APPLICATION_LIFECYCLE,
  // approveApplication / rejectApplication / cancelApplication (modules/providers/decisions.server.ts).
  guardedMoves: ["approved", "rejected", "cancelled"],
});
