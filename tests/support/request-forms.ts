import { CAR_FORMS, CAR_REQUEST_TYPES, type CarField } from "~/modules/cars/types";
import type { RequestKind } from "~/modules/requests/kinds";

/** A date every form accepts as "in the future" for years to come. */
export const FUTURE_DATE = "2031-06-16";

/** A value a car form's field accepts (the email field gets `email`). */
export function validCarValue(field: CarField, email = "ada@example.com"): string {
  switch (field.kind) {
    case "email":
      return email;
    case "address":
      return "100 Queen St W";
    case "tel":
      return "+1 416 555 0199";
    case "date":
      return FUTURE_DATE;
    case "time":
      return "10:30";
    case "datetime":
      return `${FUTURE_DATE}T10:30`;
    case "number":
      return String(field.min);
    case "select":
      return field.options[0]!;
    case "yesno":
      return "Yes";
    default:
      return "Ada Lovelace";
  }
}

/** `signedIn`: the form is only taken from a signed-in visitor (a booking); the address is typed all the same. */
export type RequestForm = {
  kind: RequestKind;
  path: string;
  fields: Record<string, string>;
  signedIn?: true;
};

/**
 * One valid no-JavaScript post of every request sent with an address the visitor types (the
 * seeded listing h-annex-studio for a rent request). The listing wizard and the provider
 * application need files and several steps: their tests post them.
 */
export function requestForms(email = "ada@example.com"): RequestForm[] {
  return [
    {
      kind: "contact-message",
      path: "/contact",
      fields: { name: "Ada", email, subject: "Hi", message: "Hello" },
    },
    {
      kind: "service-request",
      path: "/services",
      fields: { service: "Pool cleaning", name: "Ada", location: "Leslieville", contact: email },
    },
    {
      kind: "quick-booking",
      path: "/book",
      signedIn: true,
      fields: {
        form: "quick",
        returnTo: "/services/handyman?book=1",
        fullName: "Ada",
        email,
        details: "Shelves",
      },
    },
    {
      kind: "booking",
      path: "/book",
      signedIn: true,
      fields: {
        service: "Handyman",
        returnTo: "/services/handyman",
        fullName: "Ada",
        email,
        area: "Annex",
        preferredDate: FUTURE_DATE,
        preferredTime: "10:30",
        notes: "Two shelves",
      },
    },
    {
      kind: "chauffeur-contact",
      path: "/cars",
      fields: {
        fullName: "Ada",
        email,
        pickupArea: "Annex",
        message: "Saturday?",
        returnTo: "/cars?contact=1",
      },
    },
    ...CAR_REQUEST_TYPES.map((type) => ({
      kind: "car-request" as const,
      path: `/cars/request?type=${type}`,
      fields: {
        ...Object.fromEntries(CAR_FORMS[type].fields.map((f) => [f.name, validCarValue(f, email)])),
        consent: "on",
      },
    })),
    {
      kind: "city-request",
      path: "/homes",
      fields: { city: "Oshawa", name: "Ada", contact: email, note: "Near the GO" },
    },
    {
      kind: "rent-request",
      path: "/homes/h-annex-studio",
      fields: {
        fullName: "Ada",
        email,
        phone: "416-555-0199",
        moveInDate: FUTURE_DATE,
        moveOutDate: "2032-01-01",
        lengthOfStay: "6-12 months",
        adults: "1",
        children: "0",
        budget: "1500",
        message: "Hello",
      },
    },
  ];
}
