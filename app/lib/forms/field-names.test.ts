import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTranslate } from "~/lib/i18n/translate";
import { en } from "~/lib/i18n/messages/en";
import { forgotSchema, loginSchema, profileSchema, resetSchema, signUpSchema } from "~/modules/accounts/schema";
import { carRequestSchema, chauffeurContactSchema } from "~/modules/cars/schema";
import { CAR_REQUEST_TYPES } from "~/modules/cars/types";
import { contactSchema } from "~/modules/contact/schema";
import { cityRequestSchema, rentRequestSchema } from "~/modules/homes/schema";
import { listingSchema } from "~/modules/homes/wizard-schema";
import { bookingSchema, quickBookingSchema, serviceRequestSchema } from "~/modules/services/schema";
import { optionalText, requiredText } from "./fields";

const t = createTranslate(en, { brand: "Acme" });

/** Every message a schema gives for one input. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("field messages name fields plainly", () => {
  it("use the name they are given: a plain name, or the car form's visible label in quotes", () => {
    expect(optionalText(t, t("booking.fieldName.notes"), 5).safeParse("x".repeat(6)).error?.issues[0]?.message).toBe(
      "Notes must be at most 5 characters.",
    );
    expect(requiredText(t, t("cars.fieldName.description"), 10).safeParse("").error?.issues[0]?.message).toBe(
      "“Describe your request” is required.",
    );
  });

  it("the forms with a prompt or '(optional)' in a label keep it out of their messages", () => {
    const booking = messages(bookingSchema(t), { notes: "n".repeat(100_000) });
    expect(booking).toContain("Notes must be at most 2000 characters.");
    // A car form's message names the label the person sees, quoted as a label.
    expect(messages(carRequestSchema("custom", t), {})).toContain("“Describe your request” is required.");
    expect(messages(carRequestSchema("package-delivery", t), {})).toEqual(
      expect.arrayContaining(["“Deliver by (date)” is required.", "“Deliver by (time)” is required."]),
    );
    expect(messages(rentRequestSchema(t), { lengthOfStay: "forever" })).toContain(
      "Please choose a valid option for Length of stay.",
    );
    expect(messages(cityRequestSchema(t), { note: "n".repeat(100_000) })).toContain("Note must be at most 1000 characters.");
  });

  it("no form's message carries a label's '(optional)' or an unquoted prompt, whatever is sent", () => {
    const schemas: [string, z.ZodType][] = [
      ["contact", contactSchema(t)],
      ["booking", bookingSchema(t)],
      ["quick booking", quickBookingSchema(t)],
      ["service request", serviceRequestSchema(t)],
      ...CAR_REQUEST_TYPES.map((type): [string, z.ZodType] => [`car ${type}`, carRequestSchema(type, t)]),
      ["chauffeur contact", chauffeurContactSchema(t)],
      ["rent request", rentRequestSchema(t)],
      ["city request", cityRequestSchema(t)],
      ["sign-up", signUpSchema(t)],
      ["log-in", loginSchema(t)],
      ["forgot", forgotSchema(t)],
      ["reset", resetSchema(t)],
      ["profile", profileSchema(t)],
      ["listing", listingSchema(t)],
    ];
    for (const [name, schema] of schemas) {
      const keys = Object.keys((schema as z.ZodObject).shape ?? {});
      const inputs = [
        {},
        Object.fromEntries(keys.map((k) => [k, "x".repeat(100_000)])),
        Object.fromEntries(keys.map((k) => [k, "not a valid value"])),
      ];
      for (const input of inputs) {
        for (const message of messages(schema, input)) {
          expect(message, name).not.toMatch(/\(optional|(?<!“)Describe your request|(?<!“)Deliver by \(/);
        }
      }
    }
  });
});
