import { z } from "zod";
import { boundedInt, futureDate, futureDateTime, mustTick, oneOf, optionalEmail, optionalText, requiredEmail, requiredText, timeOfDay, yesNo } from "~/lib/forms/fields";
import type { Translate } from "~/lib/i18n/translate";
import { CAR_FORMS, type CarField, type CarRequestType, fieldNameKey } from "./types";

const TEXT_MAX = 200;
const TEXTAREA_MAX = 2000;
const LARGE_TEXTAREA_MAX = 5000;

function fieldSchema(t: Translate, field: CarField): z.ZodType {
  const name = t(fieldNameKey(field.name));
  const required = "required" in field && Boolean(field.required);
  switch (field.kind) {
    case "text":
    case "address":
    case "tel": {
      const max = ("max" in field && field.max) || TEXT_MAX;
      return required ? requiredText(t, name, max) : optionalText(t, name, max);
    }
    case "email":
      return required ? requiredEmail(t, name) : optionalEmail(t, name);
    case "textarea": {
      const max = field.large ? LARGE_TEXTAREA_MAX : TEXTAREA_MAX;
      return required ? requiredText(t, name, max) : optionalText(t, name, max);
    }
    case "date":
      return required ? futureDate(t, name) : futureDate(t, name).optional();
    case "time":
      return required ? timeOfDay(t, name) : timeOfDay(t, name).optional();
    case "datetime":
      return required ? futureDateTime(t, name) : futureDateTime(t, name).optional();
    case "number":
      return boundedInt(t, name, field.min, field.max, required);
    case "select":
      return oneOf(t, name, field.options, required);
    case "yesno":
      return yesNo(t, name);
  }
}

/**
 * The schema of one car request form: its fields from CAR_FORMS plus the consent checkbox
 * ('You must agree to be contacted.'). Bounds the prototype only set on inputs are enforced.
 */
export function carRequestSchema(type: CarRequestType, t: Translate) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of CAR_FORMS[type].fields) shape[field.name] = fieldSchema(t, field);
  shape.consent = mustTick(t("cars.consentRequired"));
  return z.object(shape);
}

/** The chauffeur contact dialog: all four fields required ('Please fill out all fields.'). */
export function chauffeurContactSchema(t: Translate) {
  return z.object({
    fullName: requiredText(t, t("cars.field.fullName"), 100),
    email: requiredEmail(t, t("cars.field.email")),
    pickupArea: requiredText(t, t("cars.field.pickupArea"), 200),
    message: requiredText(t, t("cars.field.message"), 2000),
  });
}
