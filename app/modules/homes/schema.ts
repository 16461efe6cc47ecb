import { z } from "zod";
import { boundedInt, emailOrPhone, futureDate, isCalendarDate, isEmail, oneOf, optionalText, requiredEmail, requiredPhone, requiredText } from "~/lib/forms/fields";
import { torontoToday } from "~/lib/forms/formats";
import type { Translate } from "~/lib/i18n/translate";
import { type AvailableFrom, GUESTS, LENGTHS_OF_STAY, LIMITS } from "./request-options";

/**
 * The Request to Rent dialog (spec §5): full name, email, phone, move-in date (today or later),
 * adults, children and message required; move-out date (after move-in), length of stay and
 * budget optional. With the listing's available date, the move-in date cannot come before it
 * either (issue 51): a request for a date the home is not free is one the owner can only refuse.
 */
export function rentRequestSchema(t: Translate, available?: AvailableFrom) {
  const availableFrom = available?.date.slice(0, 10);
  return z
    .object({
      fullName: requiredText(t, t("homes.rent.fullName"), LIMITS.name),
      email: requiredEmail(t, t("homes.rent.email")),
      phone: requiredPhone(t, t("homes.rent.phone")),
      moveInDate: futureDate(t, t("homes.rent.moveInDate")).refine(
        (v) => !availableFrom || !isCalendarDate(v) || v < torontoToday() || v >= availableFrom,
        t("homes.rent.beforeAvailable", { date: available?.label ?? "" }),
      ),
      moveOutDate: optionalText(t, t("homes.rent.fieldName.moveOutDate"), 10).refine((v) => v === undefined || isCalendarDate(v), t("form.invalidDate")),
      lengthOfStay: oneOf(t, t("homes.rent.fieldName.lengthOfStay"), LENGTHS_OF_STAY, false),
      adults: boundedInt(t, t("homes.rent.adults"), GUESTS.adults.min, GUESTS.adults.max, true),
      children: boundedInt(t, t("homes.rent.children"), GUESTS.children.min, GUESTS.children.max, true),
      budget: optionalText(t, t("homes.rent.fieldName.budget"), LIMITS.budget),
      message: requiredText(t, t("homes.rent.message"), LIMITS.message),
    })
    .superRefine((v, ctx) => {
      if (v.moveOutDate && v.moveInDate && v.moveOutDate <= v.moveInDate) {
        ctx.addIssue({ code: "custom", path: ["moveOutDate"], message: t("homes.rent.moveOutAfter") });
      }
    });
}

/**
 * The city request on the homes no-results view (spec §5): name and contact required, note
 * optional; the city starts as the search term and stays editable (it names the request).
 */
export function cityRequestSchema(t: Translate) {
  return z.object({
    city: requiredText(t, t("homes.cityRequest.city"), LIMITS.city),
    name: requiredText(t, t("homes.cityRequest.name"), LIMITS.name),
    contact: emailOrPhone(t, t("homes.cityRequest.contact"), t("homes.cityRequest.contactInvalid")),
    note: optionalText(t, t("homes.cityRequest.fieldName.note"), LIMITS.note),
  });
}

export type RentRequestInput = z.infer<ReturnType<typeof rentRequestSchema>>;
export type CityRequestInput = z.infer<ReturnType<typeof cityRequestSchema>>;
export const contactIsEmail = isEmail;
