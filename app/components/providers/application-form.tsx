import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PolicyLinks } from "~/components/policy-links";
import { useEffect, useRef, useState } from "react";
import { Form, href, useNavigation } from "react-router";
import { CheckboxField, FieldError, FieldLabel, TextField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { isVisitorSubmit, useZodForm } from "~/components/form/use-zod-form";
import { WizardChoiceGroup } from "~/components/homes/wizard-choice";
import { useToast } from "~/components/toaster";
import { Section } from "~/components/ui/section";
import { torontoToday } from "~/lib/forms/formats";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_ERROR_KEYS,
  DOCUMENT_FIELDS,
  type DocumentError,
  type DocumentField,
  documentProblem,
  documentSignatureProblem,
  ID_TYPE_LABEL_KEYS,
  type KeptDocument,
  keptValue,
  ID_TYPES,
  PERMIT_STATUSES,
  WORK_STATUS_LABEL_KEYS,
  WORK_STATUSES,
} from "~/modules/providers/application-options";
import { PROVIDER_SERVICES, prefilledLicenseType, providerServiceName } from "~/modules/providers/catalogue";
import { MAX_PROVIDER_SERVICES } from "~/modules/site/constants";
import { FormToken } from "~/components/form/form-token";

/** What the action answers when it refuses a post: field messages and which toast to show. */
export type ApplicationAnswer = {
  result: SubmissionResult<string[]>;
  toast: { title: string; text: string };
  /** The documents the server holds from this post, by input: they need not be chosen again. */
  kept?: Partial<Record<DocumentField, KeptDocument>>;
};

const FORM = "provider-application";

/**
 * Which sections show is decided by the form's own inputs through CSS (`:has`), so it works
 * before JavaScript loads and after a refused post alike (the inputs come back checked):
 * licence fields when a licence-requiring service is ticked, work-permit fields for the two
 * permit statuses, and no ID expiry for a national ID (spec §4).
 */
const CONDITIONS_CSS = (() => {
  const licensed = PROVIDER_SERVICES.filter((s) => s.requiresLicense)
    .map((s) => `#${FORM}:has(input[name="services"][value="${s.slug}"]:checked) .when-licence`)
    .join(",");
  const permit = PERMIT_STATUSES.map(
    (s) => `#${FORM}:has(input[name="workStatus"][value="${s}"]:checked) .when-permit`,
  ).join(",");
  return [
    `#${FORM} .when-licence, #${FORM} .when-permit { display: none; }`,
    `${licensed} { display: block; }`,
    `${permit} { display: block; }`,
    `#${FORM}:has(input[name="idType"][value="national_id"]:checked) .unless-national-id { display: none; }`,
  ].join("\n");
})();

/**
 * The form's required text inputs, section by section, each labelled by its name in the
 * catalogue. A date is a document's expiry: it must not be past.
 */
type TextInputName =
  | "fullName"
  | "email"
  | "phone"
  | "address"
  | "serviceArea"
  | "licenseType"
  | "licenseNumber"
  | "licenseRegion"
  | "licenseExpiry"
  | "workPermitExpiry"
  | "idNumber"
  | "idExpiry";
type TextInput = {
  name: TextInputName;
  type?: "email" | "tel" | "date";
  autoComplete?: string;
  hint?: MessageKey;
  className?: string;
};

const ABOUT_INPUTS: readonly TextInput[] = [
  { name: "fullName", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "address", autoComplete: "address-line1" },
  { name: "serviceArea", hint: "provider.hint.serviceArea", className: "sm:col-span-2" },
];
const LICENCE_INPUTS: readonly TextInput[] = [
  { name: "licenseType" },
  { name: "licenseNumber" },
  { name: "licenseRegion" },
  { name: "licenseExpiry", type: "date" },
];
const PERMIT_INPUTS: readonly TextInput[] = [{ name: "workPermitExpiry", type: "date" }];
const IDENTITY_INPUTS: readonly TextInput[] = [
  { name: "idNumber" },
  { name: "idExpiry", type: "date", className: "unless-national-id" },
];

export function ApplicationForm({
  answer,
  defaults,
}: {
  answer: ApplicationAnswer | undefined;
  defaults: { fullName: string; email: string; phone: string };
}) {
  const t = useT();
  const { toast } = useToast();
  const navigation = useNavigation();
  const [form, fields, check] = useZodForm(
    () => import("~/modules/providers/application"),
    (m) => m.applicationSchema(t),
    answer?.result,
    { id: FORM, defaultValue: defaults },
  );
  const lastPrefill = useRef("");
  const busy = navigation.state === "submitting" && navigation.formAction === href("/become-a-provider");

  useEffect(() => {
    if (answer?.toast)
      toast({ title: answer.toast.title, description: answer.toast.text, variant: "destructive" });
    // A file the server refused is not sent again: its input is emptied (its message stays).
    for (const name of DOCUMENT_FIELDS) {
      if (!answer?.result.error?.[name]?.length) continue;
      const input = document.getElementById(fields[name].id);
      if (input instanceof HTMLInputElement && input.files?.length) input.value = "";
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const selectedServices = (formElement: HTMLFormElement) =>
    [...formElement.querySelectorAll<HTMLInputElement>('input[name="services"]:checked')].map((i) => i.value);

  /** A sixth service is refused at once (spec toast); the licence type follows the first licensed service. */
  const onServicesChange = (event: React.ChangeEvent<HTMLFieldSetElement>) => {
    const input = event.target as unknown as HTMLInputElement;
    if (input.name !== "services" || !input.form) return;
    if (input.checked && selectedServices(input.form).length > MAX_PROVIDER_SERVICES) {
      input.checked = false;
      toast({
        title: t("provider.maxServicesTitle"),
        description: t("provider.maxServicesText", { max: MAX_PROVIDER_SERVICES }),
        variant: "destructive",
      });
      return;
    }
    const prefill = prefilledLicenseType(selectedServices(input.form));
    const typeInput = input.form.elements.namedItem("licenseType") as HTMLInputElement | null;
    if (typeInput && (typeInput.value === "" || typeInput.value === lastPrefill.current) && prefill) {
      form.update({ name: fields.licenseType.name, value: prefill });
    }
    lastPrefill.current = prefill;
  };

  const formProps = getFormProps(form);
  const errors = answer?.toast;
  const kept = answer?.kept ?? {};
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={(event) => {
        // Only the visitor's own submit toasts; before the validator has loaded, the server's answer does.
        if (isVisitorSubmit(event) && check(new FormData(event.currentTarget)) === false) {
          toast({
            title: t("provider.incompleteTitle"),
            description: t("provider.incompleteText"),
            variant: "destructive",
          });
        }
        formProps.onSubmit(event);
      }}
      className="space-y-8"
    >
      <FormToken />
      {/* Hoisted into <head> by React (href + precedence): <style> is not allowed inside a form. */}
      <style href="provider-application-conditions" precedence="default">
        {CONDITIONS_CSS}
      </style>
      {errors ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{errors.title}</p>
          <p>{errors.text}</p>
          {Object.keys(kept).length ? <p className="mt-1">{t("provider.filesKept")}</p> : null}
        </div>
      ) : null}

      <Part name="about">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInputs inputs={ABOUT_INPUTS} fields={fields} />
        </div>
      </Part>

      <Part name="services">
        <p className="text-sm text-slate-600">
          {t("provider.hint.services", { max: MAX_PROVIDER_SERVICES })}
        </p>
        <fieldset onChange={onServicesChange} className="contents">
          <WizardChoiceGroup
            field={fields.services}
            legend={t("provider.field.services")}
            type="checkbox"
            options={PROVIDER_SERVICES.map((s) => ({
              value: s.slug,
              label: s.requiresLicense ? t("provider.serviceWithLicence", { name: providerServiceName(t, s.slug) }) : providerServiceName(t, s.slug),
            }))}
            required
          />
        </fieldset>
        <TextField
          field={fields.customService}
          label={t("provider.field.customService")}
          hint={t("provider.hint.customService")}
        />

        <div className="when-licence space-y-5 rounded-lg border border-amber-200 bg-amber-50/50 p-4">
          <h3 className="font-semibold">{t("provider.section.licence")}</h3>
          <p className="text-sm text-slate-700">{t("provider.hint.licence")}</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInputs inputs={LICENCE_INPUTS} fields={fields} />
          </div>
          <DocumentInput field={fields.licenseFile} kept={kept.licenseFile} label={t("provider.field.licenseFile")} required />
        </div>
      </Part>

      <Part name="eligibility">
        <RadioChoice field={fields.workStatus} name="workStatus" values={WORK_STATUSES} labels={WORK_STATUS_LABEL_KEYS} />
        <div className="when-permit">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInputs inputs={PERMIT_INPUTS} fields={fields} />
            <DocumentInput
              field={fields.workPermitFile} kept={kept.workPermitFile}
              label={t("provider.field.workPermitFile")}
              required
            />
          </div>
        </div>
        <CheckboxField field={fields.confirmEligibility} label={t("provider.field.confirmEligibility")} />
      </Part>

      <Part name="identity">
        <RadioChoice field={fields.idType} name="idType" values={ID_TYPES} labels={ID_TYPE_LABEL_KEYS} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInputs inputs={IDENTITY_INPUTS} fields={fields} />
          <DocumentInput field={fields.govIdFileFront} kept={kept.govIdFileFront} label={t("provider.field.govIdFileFront")} required />
          <DocumentInput field={fields.govIdFileBack} kept={kept.govIdFileBack} label={t("provider.field.govIdFileBack")} />
        </div>
      </Part>

      <Part name="agreements">
        <CheckboxField
          field={fields.agreeToPolicies}
          label={t("provider.field.agreeToPolicies")}
          extra={
            <p className="mt-1 text-sm">
              <PolicyLinks newTab />
            </p>
          }
        />
        <CheckboxField field={fields.consentToChecks} label={t("provider.field.consentToChecks")} />
        <p className="text-sm text-slate-600">{t("provider.reviewNote", { time: t("provider.reviewTime") })}</p>
        <SubmitButton
          busy={busy}
          label={t("provider.submit")}
          busyLabel={t("provider.submitting")}
          className="btn-primary w-full py-3 sm:w-auto sm:px-8"
        />
      </Part>
    </Form>
  );
}

/** One part of the application: a card section titled by its name in the catalogue. */
function Part({
  name,
  children,
}: {
  name: "about" | "services" | "eligibility" | "identity" | "agreements";
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <Section id={`provider-${name}`} title={t(`provider.section.${name}`)} className="card space-y-5 p-5 sm:p-8">
      {children}
    </Section>
  );
}

/** A required choice of one, its legend the field's name in the catalogue, its options' labels the keys given. */
function RadioChoice<Value extends string>({
  field,
  name,
  values,
  labels,
}: {
  field: FieldMetadata<string | undefined>;
  name: "workStatus" | "idType";
  values: readonly Value[];
  labels: Record<Value, MessageKey>;
}) {
  const t = useT();
  return (
    <WizardChoiceGroup
      field={field}
      legend={t(`provider.field.${name}`)}
      type="radio"
      options={values.map((value) => ({ value, label: t<MessageKey>(labels[value]) }))}
      required
    />
  );
}

function TextInputs({
  inputs,
  fields,
}: {
  inputs: readonly TextInput[];
  fields: Record<TextInputName, FieldMetadata<string | undefined>>;
}) {
  const t = useT();
  return inputs.map((input) => (
    <TextField
      key={input.name}
      field={fields[input.name]}
      type={input.type}
      label={t(`provider.field.${input.name}`)}
      hint={input.hint ? t(input.hint) : undefined}
      autoComplete={input.autoComplete}
      className={input.className}
      min={input.type === "date" ? torontoToday() : undefined}
      required
    />
  ));
}

/**
 * A document input (PNG, JPG or PDF, at most 10 MB). A file that is too large, of another type,
 * or whose first bytes are not a PNG, JPEG or PDF (a text file named x.jpg) is refused as soon
 * as it is chosen, with the spec's toast and its name by the input; the server checks the whole
 * file again. A document the server holds from a refused post (`kept`) is named here and posted
 * back as a hidden `kept.<field>`: choosing a file replaces it.
 */
function DocumentInput({
  field,
  label,
  required,
  kept,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a file field
  field: FieldMetadata<any>;
  label: string;
  required?: boolean;
  kept?: KeptDocument;
}) {
  const t = useT();
  const { toast } = useToast();
  const [refused, setRefused] = useState<string | null>(null);
  const props = getInputProps(field, { type: "file", ariaDescribedBy: `${field.id}-hint` });
  const keptId = `${field.id}-kept`;
  const refusedId = `${field.id}-refused`;
  const refuse = (input: HTMLInputElement, name: string, problem: DocumentError) => {
    input.value = "";
    const keys = DOCUMENT_ERROR_KEYS[problem];
    toast({ title: t(keys.title), description: t(keys.text), variant: "destructive" });
    setRefused(t("provider.error.fileNamed", { name, reason: t(keys.text) }));
  };
  const describedBy = [props["aria-describedby"], kept ? keptId : null, refused ? refusedId : null].filter(Boolean).join(" ");
  const check = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    setRefused(null);
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) return refuse(input, file.name, problem);
    // The name and the declared type are only claims: the first bytes say what the file is.
    void file
      .slice(0, 8)
      .arrayBuffer()
      .then(
        (head) => {
          const wrong = documentSignatureProblem(new Uint8Array(head));
          if (wrong && input.files?.[0] === file) refuse(input, file.name, wrong);
        },
        () => undefined,
      );
  };
  // A file chosen before the form's code was in (that choice is what loads it) is checked now.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (inputRef.current?.files?.length) check(inputRef.current);
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div>
      <FieldLabel htmlFor={field.id} label={label} required={required} />
      <p id={`${field.id}-hint`} className="mt-1 text-sm text-slate-500">
        {t("provider.hint.file")}
      </p>
      {kept ? (
        <>
          <input type="hidden" name={`kept.${field.name}`} value={keptValue(kept)} />
          <p id={keptId} className="mt-1 text-sm font-medium text-teal-800">
            {t("provider.keptFile", { name: kept.name })}
          </p>
        </>
      ) : null}
      <input
        {...props}
        key={props.key}
        accept={DOCUMENT_ACCEPT}
        aria-required={(required && !kept) || undefined}
        aria-invalid={refused ? true : props["aria-invalid"]}
        aria-describedby={describedBy || undefined}
        className="field-input"
        ref={inputRef}
        onChange={(event) => check(event.currentTarget)}
      />
      {refused ? (
        <p id={refusedId} className="field-error" role="alert">
          {refused}
        </p>
      ) : (
        <FieldError field={field} />
      )}
    </div>
  );
}
