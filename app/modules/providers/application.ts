import { z } from "zod";
import {
  futureDate,
  isCalendarDate,
  isEmail,
  isPhoneNumber,
  mustTick,
  optionalText,
  requiredText,
} from "~/lib/forms/fields";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { MAX_PROVIDER_SERVICES } from "~/modules/site/constants";
import { licensedServices, prefilledLicenseType, PROVIDER_SERVICE_SLUGS } from "./catalogue";

// The form's options live in a module without zod (application-options.ts); server code
// keeps importing them from here.
import {
  WORK_STATUSES,
  needsPermit,
  ID_TYPES,
  needsIdExpiry,
  DOCUMENT_FIELDS,
  DOCUMENT_ERROR_KEYS,
  documentProblem,
  LIMITS,
  splitAreas,
  parseKept,
} from "./application-options";
export {
  WORK_STATUSES,
  PERMIT_STATUSES,
  needsPermit,
  WORK_STATUS_LABEL_KEYS,
  ID_TYPES,
  ID_TYPE_LABEL_KEYS,
  needsIdExpiry,
  DOCUMENT_FIELDS,
  DOCUMENT_KIND,
  ACCEPTED_DOCUMENT_MIME,
  ACCEPTED_DOCUMENT_EXTENSIONS,
  DOCUMENT_ACCEPT,
  DOCUMENT_ERROR_KEYS,
  documentProblem,
  LIMITS,
  splitAreas,
  parseKept,
  keptValue,
  documentSignatureProblem,
} from "./application-options";
export type { WorkStatus, IdType, DocumentField, DocumentKind, DocumentError, KeptDocument } from "./application-options";
import type { DocumentField, KeptDocument } from "./application-options";

const isFile = (v: unknown): v is File =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as File).arrayBuffer === "function" &&
  typeof (v as File).name === "string";
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

// A file input left empty is posted as a nameless, empty part: that is no file.
const noFile = (f: unknown) => f === undefined || (isFile(f) && f.size === 0 && f.name === "");

/** Stands for a file the server holds from a refused post (`kept.<field>`), in place of a new one. */
export const KEPT_FILE = "kept";

/** The posted values with each empty document input that has a kept file marked KEPT_FILE. */
function withKeptFiles(raw: unknown) {
  if (typeof raw !== "object" || raw === null) return raw;
  const values = { ...(raw as Record<string, unknown>) };
  const kept = (typeof values.kept === "object" && values.kept !== null ? values.kept : {}) as Record<string, unknown>;
  for (const field of DOCUMENT_FIELDS) if (noFile(values[field]) && parseKept(kept[field])) values[field] = KEPT_FILE;
  return values;
}

/**
 * A chosen file: present (unless optional), under 10 MB, a PNG/JPEG/PDF by its declared type.
 * (Not z.custom: its failure stops the object's cross-field checks, and those must show too.)
 */
export function documentFile(t: Translate, required: string | null) {
  return fileField(t, required, false) as z.ZodType<File | undefined>;
}

/** A document input of the application: a chosen file, or one the server holds (KEPT_FILE). */
const applicationFile = (t: Translate, required: string | null) =>
  fileField(t, required, true) as z.ZodType<File | typeof KEPT_FILE | undefined>;

function fileField(t: Translate, required: string | null, acceptKept: boolean) {
  const file = z
    .any()
    .transform((f: unknown) => (noFile(f) ? undefined : f))
    .superRefine((f: unknown, ctx) => {
      if (acceptKept && f === KEPT_FILE) return;
      if (f === undefined && required === null) return;
      if (!isFile(f))
        return ctx.addIssue({ code: "custom", message: required ?? t("provider.error.fileType") });
      const problem = documentProblem(f);
      if (problem) ctx.addIssue({ code: "custom", message: t(DOCUMENT_ERROR_KEYS[problem].text) });
    });
  return required === null ? file.optional() : file;
}

/** An expiry date that may be required or not depending on other answers (checked below). */
const optionalDate = (t: Translate) =>
  z
    .string()
    .trim()
    .max(10)
    .optional()
    .refine((v) => !v || isCalendarDate(v), t("form.invalidDate"));

export function applicationSchema(t: Translate) {
  const fieldName = (key: string) => t(`provider.field.${key}` as MessageKey);
  const application = z
    .object({
      fullName: requiredText(t, fieldName("fullName"), LIMITS.fullName, t("provider.error.fullName")),
      email: requiredText(t, fieldName("email"), LIMITS.email, t("provider.error.email"))
        .refine(isEmail, t("provider.error.email"))
        .transform((v) => v.toLowerCase()),
      phone: requiredText(t, fieldName("phone"), LIMITS.phone, t("provider.error.phone")).refine(
        isPhoneNumber,
        t("provider.error.phone"),
      ),
      address: requiredText(t, fieldName("address"), LIMITS.address, t("provider.error.address")),
      serviceArea: requiredText(
        t,
        fieldName("serviceArea"),
        LIMITS.serviceArea,
        t("provider.error.serviceArea"),
      )
        .refine((v) => splitAreas(v).length > 0, t("provider.error.serviceArea"))
        .refine(
          (v) => splitAreas(v).length <= LIMITS.serviceAreas,
          t("provider.error.serviceAreaMax", { max: LIMITS.serviceAreas }),
        ),
      services: z.preprocess(
        asList,
        z.array(
          z.enum(PROVIDER_SERVICE_SLUGS, {
            error: t("form.invalidOption", { label: fieldName("services") }),
          }),
        ),
      ),
      customService: optionalText(t, fieldName("customService"), LIMITS.customService),
      workStatus: z.enum(WORK_STATUSES, { error: t("provider.error.workStatus") }),
      workPermitExpiry: optionalDate(t),
      workPermitFile: applicationFile(t, null),
      confirmEligibility: mustTick(t("provider.error.confirmEligibility")),
      govIdFileFront: applicationFile(t, t("provider.error.govIdFront")),
      govIdFileBack: applicationFile(t, null),
      idType: z.enum(ID_TYPES, { error: t("provider.error.idType") }),
      idNumber: requiredText(t, fieldName("idNumber"), LIMITS.idNumber, t("provider.error.idNumber")),
      idExpiry: optionalDate(t),
      licenseType: optionalText(t, fieldName("licenseType"), LIMITS.licenseType),
      licenseNumber: optionalText(t, fieldName("licenseNumber"), LIMITS.licenseNumber),
      licenseRegion: optionalText(t, fieldName("licenseRegion"), LIMITS.licenseRegion),
      licenseExpiry: optionalDate(t),
      licenseFile: applicationFile(t, null),
      agreeToPolicies: mustTick(t("provider.error.agreeToPolicies")),
      consentToChecks: mustTick(t("provider.error.consentToChecks")),
    })
    .superRefine(
      (v, ctx) => {
        // Runs even when other fields failed, so every message shows at once: read defensively.
        const issue = (path: string, message: string) =>
          ctx.addIssue({ code: "custom", path: [path], message });
        const services = Array.isArray(v.services) ? v.services.filter((s) => typeof s === "string") : [];
        const chosen = services.length + (typeof v.customService === "string" && v.customService ? 1 : 0);
        if (chosen === 0) issue("services", t("provider.error.servicesMin", { max: MAX_PROVIDER_SERVICES }));
        else if (services.length > MAX_PROVIDER_SERVICES)
          issue("services", t("provider.error.servicesMax", { max: MAX_PROVIDER_SERVICES }));

        // An expiry must still be ahead: an expired document cannot be verified.
        const expiry = (path: string, value: unknown, required: string) => {
          const r = futureDate(t, fieldName(path), required).safeParse(
            typeof value === "string" ? value : "",
          );
          if (!r.success) issue(path, r.error.issues[0]!.message);
        };
        if (needsPermit(v.workStatus)) {
          expiry("workPermitExpiry", v.workPermitExpiry, t("provider.error.permitExpiry"));
          if (!v.workPermitFile) issue("workPermitFile", t("provider.error.permitFile"));
        }
        // The ID expiry is asked for once an ID type other than national_id is chosen.
        if (ID_TYPES.includes(v.idType) && needsIdExpiry(v.idType))
          expiry("idExpiry", v.idExpiry, t("provider.error.idExpiry"));
        if (licensedServices(services).length > 0) {
          if (!v.licenseType) issue("licenseType", t("provider.error.licenseType"));
          if (!v.licenseNumber) issue("licenseNumber", t("provider.error.licenseNumber"));
          if (!v.licenseRegion) issue("licenseRegion", t("provider.error.licenseRegion"));
          expiry("licenseExpiry", v.licenseExpiry, t("provider.error.licenseExpiry"));
          if (!v.licenseFile) issue("licenseFile", t("provider.error.licenseFile"));
        }
      },
      { when: () => true },
    );
  // Typed as the object it wraps: the marking only fills empty document inputs.
  return z.preprocess(withKeptFiles, application) as unknown as z.ZodType<
    z.output<typeof application>,
    z.input<typeof application>
  >;
}

export type ApplicationInput = z.infer<ReturnType<typeof applicationSchema>>;

/** The values kept once the conditions are applied: nothing stored for a section that was hidden. */
export function applicableValues(v: ApplicationInput) {
  const permit = needsPermit(v.workStatus);
  const licensed = licensedServices(v.services).length > 0;
  return {
    fullName: v.fullName,
    email: v.email,
    phone: v.phone,
    address: v.address,
    serviceAreas: splitAreas(v.serviceArea),
    services: v.services,
    customService: v.customService || null,
    workStatus: v.workStatus,
    workPermitExpiry: permit ? (v.workPermitExpiry ?? null) : null,
    confirmEligibility: true,
    idType: v.idType,
    idNumber: v.idNumber,
    idExpiry: needsIdExpiry(v.idType) ? (v.idExpiry ?? null) : null,
    licenseType: licensed ? (v.licenseType ?? null) : null,
    licenseNumber: licensed ? (v.licenseNumber ?? null) : null,
    licenseRegion: licensed ? (v.licenseRegion ?? null) : null,
    licenseExpiry: licensed ? (v.licenseExpiry ?? null) : null,
    agreeToPolicies: true,
    consentToChecks: true,
  };
}

/** The document inputs to keep: the section's conditions decide (a licence file for no licensed service is dropped). */
export function applicableDocumentFields(v: ApplicationInput): DocumentField[] {
  const keep: Record<DocumentField, boolean> = {
    govIdFileFront: true,
    govIdFileBack: true,
    workPermitFile: needsPermit(v.workStatus),
    licenseFile: licensedServices(v.services).length > 0,
  };
  return DOCUMENT_FIELDS.filter((field) => keep[field] && v[field]);
}

/** The files a post chose, by input. */
export const chosenDocuments = (form: FormData): { field: DocumentField; file: File }[] =>
  DOCUMENT_FIELDS.flatMap((field) => {
    const file = form.get(field);
    return isFile(file) && !noFile(file) ? [{ field, file }] : [];
  });

/** The files an earlier refused post left held, as the form carries them back. */
export const keptDocuments = (form: FormData): Partial<Record<DocumentField, KeptDocument>> =>
  Object.fromEntries(DOCUMENT_FIELDS.flatMap((field) => {
    const kept = parseKept(form.get(`kept.${field}`));
    return kept ? [[field, kept]] : [];
  }));

/**
 * The toast for a refused application (spec §8): a refused file's own ('File too large',
 * 'Unsupported file type'), 'Maximum services reached' for more than five services, else
 * 'Incomplete Form'.
 */
export function refusalToast(
  errors: Record<string, string[] | null | undefined>,
  t: Translate,
): { title: string; text: string } {
  const messages = Object.values(errors).flatMap((m) => m ?? []);
  for (const problem of ["tooLarge", "unsupported", "unreadable"] as const) {
    const keys = DOCUMENT_ERROR_KEYS[problem];
    if (messages.includes(t(keys.text))) return { title: t(keys.title), text: t(keys.text) };
  }
  if (errors.services?.includes(t("provider.error.servicesMax", { max: MAX_PROVIDER_SERVICES }))) {
    return {
      title: t("provider.maxServicesTitle"),
      text: t("provider.maxServicesText", { max: MAX_PROVIDER_SERVICES }),
    };
  }
  return { title: t("provider.incompleteTitle"), text: t("provider.incompleteText") };
}

/** A refused form's values with the licence type prefilled when it is empty and a licensed service is selected. */
export function withPrefilledLicenseType(values: Record<string, unknown>): Record<string, unknown> {
  const services = [values.services ?? []].flat().map(String);
  const prefill = prefilledLicenseType(services);
  return !values.licenseType && prefill ? { ...values, licenseType: prefill } : values;
}
