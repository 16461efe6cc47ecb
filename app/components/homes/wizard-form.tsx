import { type FieldMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, href, useFetcher, useNavigation } from "react-router";
import { PolicyLinks } from "~/components/policy-links";
import { CheckboxField, NumberField, TextAreaField, TextField } from "~/components/form/field";
import { SelectField } from "~/components/form/select-field";
import { useZodForm } from "~/components/form/use-zod-form";
import { useToast } from "~/components/toaster";
import { torontoToday } from "~/lib/forms/formats";
import { choiceLabel } from "~/lib/i18n/choices";
import { useT } from "~/lib/i18n/use-t";
import {
  AMENITIES,
  FIELD_LABEL_KEYS,
  type FieldName,
  LEASE_TERMS,
  LIMITS,
  parsePhotoOp,
  PRICE_TYPE_LABEL_KEYS,
  PRICE_TYPES,
  PROPERTY_TYPES,
  PROVINCES,
  type PhotoError,
  type PhotoRefusal,
  SHORT_TERM_MAX_NIGHTS,
  STEP_COUNT,
  STEPS,
  STR_REGISTRATION_EXAMPLE,
  type WizardValues,
  YES_NO,
} from "~/modules/homes/wizard";
import { WizardChoiceGroup } from "./wizard-choice";
import { WizardPhotos, type WizardPhoto } from "./wizard-photos";
import { FormToken } from "~/components/form/form-token";

type Fields = Record<FieldName, FieldMetadata<string | undefined>>;

/** Intents that move around or manage photos: never validated (spec: Previous never validates). */
const skipsValidation = (intent: FormDataEntryValue | null) =>
  intent === "previous" || intent === "save" || intent === "upload" || parsePhotoOp(intent) !== null;

/**
 * One step of the listing wizard as one real form: without JavaScript each button posts and the
 * server validates, saves the draft and redirects; with it, Next and Submit check the step in
 * the browser first (same schema), and editing a field clears its error (spec §4).
 */
export function WizardForm({
  step,
  values,
  photos,
  lastResult,
  incomplete,
  photoError,
  photosRefused = [],
  savedAt,
}: {
  step: number;
  savedAt: string | null;
  values: WizardValues;
  photos: WizardPhoto[];
  lastResult: SubmissionResult<string[]> | undefined;
  incomplete: boolean;
  photoError: PhotoError | null;
  /** The files of a batch that were refused, by name (the others were stored). */
  photosRefused?: PhotoRefusal[];
}) {
  const t = useT();
  const { toast } = useToast();
  const navigation = useNavigation();
  const def = STEPS[step - 1]!;
  const showIncomplete = () => toast({ title: t("wizard.incompleteTitle"), description: t("wizard.incompleteText"), variant: "destructive" });

  // The step's schema, as the server's parseStep uses it (raw strings: no auto-coercion).
  const [form, fields, check] = useZodForm(() => import("~/modules/homes/wizard-schema"), (m) => m.stepSchema(step, t), lastResult, {
    id: `listing-wizard-${def.id}`,
    // Raw strings and lists, as the form posts them and the draft keeps them.
    defaultValue: { ...values, photos: photos.map((p) => p.id) } as never,
    shouldRevalidate: "onSubmit",
    skip: (formData) => skipsValidation(formData.get("intent")),
    disableAutoCoercion: true,
  });

  // The server's answer to a submit that failed its check (e.g. sent back to step 2).
  useEffect(() => {
    if (incomplete) showIncomplete();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult]);

  const formProps = getFormProps(form);
  const f = fields as unknown as Fields;
  const autosave = useAutosave(def.id !== "photos", step, savedAt);
  const busyIntent = navigation.state !== "idle" && navigation.formAction === href("/homes/new") ? navigation.formData?.get("intent") : null;

  // "Submit Listing" pressed while chosen photos are still uploading: the photos are on screen,
  // so the press is kept and carried out once they are stored (not answered "At least 1 photo").
  const upload = useFetcher({ key: "listing-photo-upload" });
  const uploading = upload.state !== "idle";
  const submitButton = useRef<HTMLButtonElement>(null);
  const [submitAfterUpload, setSubmitAfterUpload] = useState(false);
  useEffect(() => {
    if (!submitAfterUpload || uploading) return;
    setSubmitAfterUpload(false);
    // A refused upload shows its own message; the person decides what to send.
    const data = upload.data as { photoError?: unknown } | undefined;
    if (!data?.photoError) submitButton.current?.click();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitAfterUpload, uploading]);

  return (
    <Form
      method="post"
      action={href("/homes/new")}
      encType={def.id === "photos" ? "multipart/form-data" : undefined}
      {...formProps}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.name === "intent" && submitter.value === "submit") {
          if (uploading) {
            event.preventDefault();
            setSubmitAfterUpload(true);
            return;
          }
          // Before the validator has loaded the server checks, and sends back `incomplete`.
          if (check(new FormData(event.currentTarget, submitter)) === false) showIncomplete();
        }
        formProps.onSubmit(event);
        // The post about to go carries every value of the step: a pending or running autosave has
        // nothing left to add, and its answer would land in the middle of the step change.
        if (!event.defaultPrevented) autosave.cancel();
      }}
      // Spec: an error on a field is cleared when that field is edited (it is checked again on Next).
      onInput={(event) => {
        const input = (event.target as HTMLInputElement).name;
        const name = input === "files" ? "photos" : input; // choosing photos answers "At least 1 photo"
        if (name && form.allErrors[name]?.length) form.update({ name, validated: false });
        autosave.save(event.currentTarget);
      }}
      className="space-y-6"
    >
      <FormToken />
      <input type="hidden" name="step" value={step} />
      {incomplete ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{t("wizard.incompleteTitle")}</p>
          <p>{t("wizard.incompleteText")}</p>
        </div>
      ) : null}
      {def.id === "owner" ? <OwnerStep f={f} /> : null}
      {def.id === "property" ? <PropertyStep f={f} /> : null}
      {def.id === "pricing" ? <PricingStep f={f} /> : null}
      {def.id === "photos" ? <WizardPhotos photos={photos} field={f.photos} serverError={photoError} serverRefused={photosRefused} /> : null}

      {submitAfterUpload ? (
        <p id="wizard-submit-after-upload" role="status" className="text-sm text-slate-700">
          {t("wizard.submitAfterUpload")}
        </p>
      ) : null}
      {/* Next / Submit come first in the markup so Enter in a field means "Next", not "Previous". */}
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row-reverse sm:items-center sm:justify-between">
        {step < STEP_COUNT ? (
          <button type="submit" name="intent" value="next" className="btn-primary px-6 py-2.5" disabled={busyIntent === "next"}>
            {busyIntent === "next" ? t("wizard.working") : t("wizard.next")}
            <span aria-hidden="true">→</span>
          </button>
        ) : (
          <button
            ref={submitButton}
            type="submit"
            name="intent"
            value="submit"
            className="btn-primary px-6 py-2.5"
            disabled={busyIntent === "submit"}
            aria-describedby={submitAfterUpload ? "wizard-submit-after-upload" : undefined}
          >
            {busyIntent === "submit" || submitAfterUpload ? t("wizard.submitting") : t("wizard.submit")}
          </button>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {step > 1 ? (
            <button type="submit" name="intent" value="previous" formNoValidate className="btn-secondary px-5 py-2.5" disabled={busyIntent === "previous"}>
              <span aria-hidden="true">←</span>
              {t("wizard.previous")}
            </button>
          ) : null}
          <button type="submit" name="intent" value="save" formNoValidate className="btn-ghost" disabled={busyIntent === "save"}>
            {t("wizard.saveDraft")}
          </button>
        </div>
      </div>
    </Form>
  );
}

function useLabel() {
  const t = useT();
  return (name: FieldName) => t(FIELD_LABEL_KEYS[name]);
}

function OwnerStep({ f }: { f: Fields }) {
  const t = useT();
  const label = useLabel();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField field={f.ownerName} label={label("ownerName")} autoComplete="name" required maxLength={LIMITS.ownerName} className="sm:col-span-2" />
      <TextField field={f.ownerEmail} type="email" label={label("ownerEmail")} autoComplete="email" required maxLength={LIMITS.ownerEmail} />
      <TextField field={f.ownerPhone} type="tel" label={label("ownerPhone")} autoComplete="tel" maxLength={LIMITS.ownerPhone} />
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:col-span-2">
        <CheckboxField
          field={f.agreed}
          label={label("agreed")}
          extra={
            <p className="mt-1 text-sm text-slate-600">
              {t("wizard.readPolicies")} <PolicyLinks newTab owner className="font-medium text-teal-800 underline" />
            </p>
          }
        />
      </div>
    </div>
  );
}

function PropertyStep({ f }: { f: Fields }) {
  const t = useT();
  const label = useLabel();
  const yesNo = YES_NO.map((v) => ({ value: v, label: choiceLabel(t, v) }));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        field={f.propertyType}
        label={label("propertyType")}
        options={PROPERTY_TYPES}
        optionLabel={(o) => choiceLabel(t, o)}
        placeholder={t("wizard.select")}
        required
      />
      <TextField field={f.neighborhood} label={label("neighborhood")} maxLength={LIMITS.neighborhood} />
      <TextField
        field={f.address}
        label={label("address")}
        hint={t("wizard.hint.address")}
        autoComplete="address-line1"
        required
        maxLength={LIMITS.address}
        className="sm:col-span-2"
      />
      <TextField field={f.city} label={label("city")} autoComplete="address-level2" required maxLength={LIMITS.city} />
      <SelectField field={f.province} label={label("province")} options={PROVINCES.map((p) => p.name)} optionLabel={(o) => choiceLabel(t, o)} />
      <TextField field={f.postal} label={label("postal")} autoComplete="postal-code" maxLength={7} />
      <div className="hidden sm:block" />
      <NumberField field={f.bedrooms} label={label("bedrooms")} required bounds={LIMITS.bedrooms} />
      <NumberField field={f.bathrooms} label={label("bathrooms")} placeholder={t("wizard.hint.bathrooms")} required bounds={LIMITS.bathrooms} />
      <div className="grid gap-5 sm:col-span-2 sm:grid-cols-3">
        <WizardChoiceGroup field={f.furnished} legend={label("furnished")} options={yesNo} type="radio" />
        <WizardChoiceGroup field={f.petFriendly} legend={label("petFriendly")} options={yesNo} type="radio" />
        <WizardChoiceGroup field={f.utilitiesIncluded} legend={label("utilitiesIncluded")} options={yesNo} type="radio" />
      </div>
      <WizardChoiceGroup
        field={f.amenities}
        legend={label("amenities")}
        options={AMENITIES.map((a) => ({ value: a, label: choiceLabel(t, a) }))}
        type="checkbox"
        className="sm:col-span-2"
      />
      <TextAreaField field={f.description} label={label("description")} hint={t("wizard.hint.description")} required rows={6} className="sm:col-span-2" />
    </div>
  );
}

/**
 * The registration number shows only for a per-night price, decided by the form's own radio
 * through CSS (`:has`), so it works before JavaScript loads and after a refused post alike.
 */
const SHORT_TERM_CSS = [
  `#listing-wizard-pricing .when-short-term { display: none; }`,
  `#listing-wizard-pricing:has(input[name="priceType"][value="night"]:checked) .when-short-term { display: block; }`,
].join("\n");

function PricingStep({ f }: { f: Fields }) {
  const t = useT();
  const label = useLabel();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {/* Hoisted into <head> by React (href + precedence): <style> is not allowed inside a form. */}
      <style href="listing-wizard-short-term" precedence="default">
        {SHORT_TERM_CSS}
      </style>
      <NumberField field={f.price} label={label("price")} required bounds={LIMITS.price} />
      <WizardChoiceGroup
        field={f.priceType}
        legend={label("priceType")}
        options={PRICE_TYPES.map((p) => ({ value: p, label: t(PRICE_TYPE_LABEL_KEYS[p]) }))}
        type="radio"
      />
      <div className="when-short-term rounded-lg border border-amber-200 bg-amber-50/50 p-4 sm:col-span-2">
        <TextField
          field={f.strRegistration}
          label={label("strRegistration")}
          hint={t("wizard.hint.strRegistration", { nights: SHORT_TERM_MAX_NIGHTS, example: STR_REGISTRATION_EXAMPLE })}
          placeholder={STR_REGISTRATION_EXAMPLE}
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={LIMITS.strRegistration}
        />
      </div>
      <NumberField field={f.deposit} label={label("deposit")} bounds={LIMITS.deposit} />
      <TextField field={f.minStay} label={label("minStay")} placeholder={t("wizard.hint.minStay")} maxLength={LIMITS.minStay} />
      <TextField field={f.availableFrom} type="date" label={label("availableFrom")} min={torontoToday()} required />
      <SelectField field={f.leaseTerm} label={label("leaseTerm")} options={LEASE_TERMS} optionLabel={(o) => choiceLabel(t, o)} placeholder={t("wizard.select")} />
    </div>
  );
}

/**
 * Progress is not lost on reload: typed values are saved to the server-side draft shortly
 * after the owner stops typing and, as a beacon, when the page is left. A reload can outrun that
 * beacon, so the browser also keeps the step's latest input in sessionStorage and puts it back
 * when it is newer than the server's draft.
 *
 * An autosave only ever stores values (the server never lets it move the draft), and `cancel`
 * drops a pending or running one when the step form itself is posted: a fetcher whose answer
 * arrives while the next step loads makes React Router end that navigation with the data it
 * already has, which left a fast owner on the same step.
 */
const LOCAL_KEY = "gta:listing-wizard";
type LocalCopy = { step: number; at: number; entries: [string, string][] };

function useAutosave(enabled: boolean, step: number, savedAt: string | null) {
  const fetcher = useFetcher();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement | null>(null);
  const pending = useRef(false);
  const payload = (form: HTMLFormElement) => {
    const data = new FormData(form);
    data.delete("files");
    data.set("intent", "autosave");
    return data;
  };
  const save = (form: HTMLFormElement) => {
    formRef.current = form;
    pending.current = true;
    const entries = [...new FormData(form)].filter(([k, v]) => typeof v === "string" && k !== "intent") as [string, string][];
    try {
      // When the copy was saved, kept in storage (not shown): it decides which copy is newer.
      // eslint-disable-next-line no-restricted-syntax
      sessionStorage.setItem(LOCAL_KEY, JSON.stringify({ step, at: Date.now(), entries } satisfies LocalCopy));
    } catch {
      // Storage full or disabled: the server-side autosave still runs.
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current = false;
      void fetcher.submit(payload(form), { method: "post", action: href("/homes/new") });
    }, 500);
  };
  const cancel = () => {
    clearTimeout(timer.current);
    pending.current = false;
    // Aborts a request under way: the router then ignores its answer (the server may still get
    // it, and drops it once the draft has moved on).
    fetcher.reset();
  };

  useEffect(() => {
    if (!enabled) return;
    const form = document.querySelector<HTMLFormElement>(`form input[name="step"][value="${step}"]`)?.form ?? null;
    let local: LocalCopy | null = null;
    try {
      local = JSON.parse(sessionStorage.getItem(LOCAL_KEY) ?? "null") as LocalCopy | null;
    } catch {
      local = null;
    }
    if (form && local && local.step === step && local.at > (savedAt ? Date.parse(savedAt) : 0)) {
      for (const el of Array.from(form.elements) as HTMLInputElement[]) {
        if (!el.name || ["file", "hidden", "submit", "button"].includes(el.type)) continue;
        const values = local.entries.filter(([n]) => n === el.name).map(([, v]) => v);
        if (el.type === "checkbox" || el.type === "radio") el.checked = values.includes(el.value);
        else if (values.length) el.value = values[0]!;
      }
      save(form);
    }
    const flush = () => {
      if (!pending.current || !formRef.current) return;
      pending.current = false;
      clearTimeout(timer.current);
      navigator.sendBeacon(href("/homes/new"), payload(formRef.current));
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      clearTimeout(timer.current);
    };
    // Once per step: restoring is about what the page was loaded with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, step]);

  return {
    save: (form: HTMLFormElement) => {
      if (enabled) save(form);
    },
    cancel,
  };
}
