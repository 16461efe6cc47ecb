import { type FieldMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, NumberField, TextAreaField, TextField } from "~/components/form/field";
import { SelectField } from "~/components/form/select-field";
import { isVisitorSubmit, useZodForm } from "~/components/form/use-zod-form";
import { useToast } from "~/components/toaster";
import { torontoToday } from "~/lib/forms/formats";
import { choiceLabel } from "~/lib/i18n/choices";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { CAR_FORMS, type CarField, type CarRequestType, fieldLabelKey, YES_NO } from "~/modules/cars/types";
import { FormToken } from "~/components/form/form-token";

type Field = FieldMetadata<string | undefined>;

/**
 * One form for all six car request types, drawn from CAR_FORMS. A failed check shows each
 * field's message and the toast 'Missing Information' / 'Please fill out all required fields.'
 */
export function CarRequestForm({
  type,
  lastResult,
  serverRejected,
  defaults,
}: {
  type: CarRequestType;
  lastResult: SubmissionResult<string[]> | undefined;
  serverRejected: boolean;
  defaults: { name: string; email: string } | null;
}) {
  const t = useT();
  const { toast } = useToast();
  const navigation = useNavigation();
  const missing = () => toast({ title: t("cars.missingTitle"), description: t("cars.missingRequired"), variant: "destructive" });
  const [form, fields, check] = useZodForm(() => import("~/modules/cars/schema"), (m) => m.carRequestSchema(type, t), lastResult, {
    id: `car-request-${type}`,
    defaultValue: defaults
      ? type === "package-delivery"
        ? { senderFullName: defaults.name, senderEmail: defaults.email }
        : { fullName: defaults.name, email: defaults.email }
      : undefined,
  });
  useEffect(() => {
    if (serverRejected) missing();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult]);
  const formProps = getFormProps(form);
  const all = fields as unknown as Record<string, Field>;
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // Before the validator has loaded the server checks, and its answer brings the toast.
        if (isVisitorSubmit(event) && check(new FormData(event.currentTarget)) === false) missing();
        formProps.onSubmit(event);
      }}
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormToken />
      {CAR_FORMS[type].fields.map((f) => (
        <CarFieldInput key={f.name} spec={f} field={all[f.name]!} />
      ))}
      <div className="sm:col-span-2">
        <CheckboxField field={all.consent!} label={t("cars.consent")} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full py-3 sm:w-auto sm:px-8" disabled={navigation.state === "submitting"}>
          {t("cars.submit")}
        </button>
      </div>
    </Form>
  );
}

function CarFieldInput({ spec, field }: { spec: CarField; field: Field }) {
  const t = useT();
  const label = t(fieldLabelKey(spec.name));
  const required = "required" in spec && Boolean(spec.required);
  switch (spec.kind) {
    case "select":
      return (
        <SelectField
          field={field}
          label={label}
          options={spec.options}
          optionLabel={(o) => choiceLabel(t, o)}
          placeholder={t("cars.select")}
          required={required}
        />
      );
    case "yesno":
      return <SelectField field={field} label={label} options={YES_NO} optionLabel={(o) => choiceLabel(t, o)} />;
    case "textarea":
      return <TextAreaField field={field} label={label} required={required} rows={spec.large ? 6 : 3} className="sm:col-span-2" />;
    case "number":
      return <NumberField field={field} label={label} required={required} bounds={spec} />;
    case "date":
      return <TextField field={field} type="date" label={label} required={required} min={torontoToday()} />;
    case "time":
      return <TextField field={field} type="time" label={label} required={required} />;
    case "datetime":
      return <TextField field={field} type="datetime-local" label={label} required={required} min={`${torontoToday()}T00:00`} />;
    case "email":
      return <TextField field={field} type="email" label={label} required={required} autoComplete="email" />;
    case "tel":
      return <TextField field={field} type="tel" label={label} required={required} autoComplete="tel" />;
    case "address":
      return <TextField field={field} label={label} required={required} autoComplete="address-line1" className="sm:col-span-2" />;
    case "text":
      return (
        <TextField
          field={field}
          label={label}
          required={required}
          hint={spec.help ? t(`cars.help.${spec.name}` as MessageKey) : undefined}
          autoComplete={spec.name === "fullName" || spec.name === "senderFullName" ? "name" : undefined}
        />
      );
  }
}
