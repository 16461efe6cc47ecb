import type { Translate } from "~/lib/i18n/translate";
import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import { fieldLabelKey } from "./schema";
import { CAR_FORMS, CAR_SUCCESS_KEYS, CAR_TYPE_NAME_KEYS, type CarRequestType, contactFields, whenInfo } from "./types";

export { CAR_SUCCESS_KEYS, CAR_TYPE_NAME_KEYS };

/**
 * Spec: subject '[Cars/Rental] {type name} – {name or sender} – {date/time/flight info}', and a
 * body listing every field label with its value or 'N/A', plus a timestamp.
 */
export function submitCarRequest(
  type: CarRequestType,
  values: Record<string, unknown>,
  ctx: SubmitContext,
  t: Translate,
) {
  const typeName = t(CAR_TYPE_NAME_KEYS[type]);
  const who = contactFields(type);
  const name = String(values[who.name]);
  return submitRequest({
    kind: "car-request",
    userId: ctx.user?.id ?? null,
    clientIp: ctx.clientIp,
    name,
    email: String(values[who.email]),
    service: typeName,
    operatorSubject: `[Cars/Rental] ${typeName} – ${name} – ${whenInfo(type, values)}`,
    fields: [
      { label: "Request type", value: typeName },
      ...CAR_FORMS[type].fields.map((f) => ({
        label: t(fieldLabelKey(f.name)),
        value: values[f.name] as string | number | undefined,
      })),
    ],
    confirmation: t(CAR_SUCCESS_KEYS[type]),
  });
}

export function submitChauffeurContact(
  values: { fullName: string; email: string; pickupArea: string; message: string },
  ctx: SubmitContext,
) {
  return submitRequest({
    kind: "chauffeur-contact",
    userId: ctx.user?.id ?? null,
    clientIp: ctx.clientIp,
    name: values.fullName,
    email: values.email,
    service: "Chauffeur contact",
    operatorSubject: "New Chauffeur Contact Request",
    fields: [
      { label: "Full name", value: values.fullName },
      { label: "Email", value: values.email },
      { label: "Pick-up area", value: values.pickupArea },
      { label: "Message", value: values.message },
    ],
    confirmation: "Thanks for reaching out! A member of our team will reply about chauffeur availability by email.",
  });
}
