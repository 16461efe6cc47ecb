import type { MessageKey } from "~/lib/i18n/translate";

/**
 * The six car request forms of the spec (requests-rentals-providers.md §3), as data: one
 * generic form renders them and one schema builder validates them, in the browser and on the
 * server alike. Labels live in the message catalogue under `cars.field.<name>`.
 */
export const CAR_REQUEST_TYPES = [
  "chauffeur-hourly",
  "airport-transfer",
  "personal-ride",
  "package-delivery",
  "event-wedding",
  "custom",
] as const;
export type CarRequestType = (typeof CAR_REQUEST_TYPES)[number];

export { YES_NO } from "~/lib/forms/formats";

/** Labels live in the catalogue under `cars.field.<name>`. */
export const fieldLabelKey = (name: string) => `cars.field.${name}` as MessageKey;

/**
 * Where the visible label is a prompt or carries a hint, messages still name the label the
 * person sees (not another name for the field), quoted so that the sentence reads: '“Describe your request” is
 * required.' (the other languages' templates quote every label already).
 */
const FIELD_NAME_KEYS: Partial<Record<string, MessageKey>> = {
  description: "cars.fieldName.description",
  deliveryByDate: "cars.fieldName.deliveryByDate",
  deliveryByTime: "cars.fieldName.deliveryByTime",
};
export const fieldNameKey = (name: string) => FIELD_NAME_KEYS[name] ?? fieldLabelKey(name);

export type CarField =
  | { name: string; kind: "text" | "email" | "tel" | "address"; required?: boolean; max?: number; help?: boolean }
  | { name: string; kind: "textarea"; required?: boolean; max?: number; large?: boolean }
  | { name: string; kind: "date" | "time" | "datetime"; required?: boolean }
  | { name: string; kind: "number"; required?: boolean; min: number; max?: number; step?: number }
  | { name: string; kind: "select"; required?: boolean; options: readonly string[] }
  | { name: string; kind: "yesno" };

const fullName = { name: "fullName", kind: "text", required: true } as const;
const email = { name: "email", kind: "email", required: true } as const;
const notes = { name: "notes", kind: "textarea" } as const;

export const CAR_FORMS: Record<CarRequestType, { fields: readonly CarField[] }> = {
  "chauffeur-hourly": {
    fields: [
      fullName,
      email,
      { name: "pickupAddress", kind: "address", required: true },
      { name: "startDate", kind: "date", required: true },
      { name: "startTime", kind: "time", required: true },
      { name: "estimatedHours", kind: "select", required: true, options: ["2", "3", "4", "6", "8", "10", "12"] },
      { name: "vehicleClass", kind: "select", required: true, options: ["Sedan", "SUV", "Van", "Luxury"] },
      { name: "passengerCount", kind: "number", min: 1, max: 7 },
      { name: "itinerary", kind: "textarea" },
      notes,
    ],
  },
  "airport-transfer": {
    fields: [
      fullName,
      email,
      { name: "direction", kind: "select", required: true, options: ["Pickup from Airport", "Drop-off to Airport", "Round trip"] },
      { name: "airport", kind: "text", required: true },
      { name: "flightNumber", kind: "text", required: true, max: 20, help: true },
      { name: "pickupTime", kind: "datetime", required: true },
      { name: "address", kind: "address" },
      { name: "passengerCount", kind: "number", min: 1, max: 7 },
      { name: "luggagePieces", kind: "number", min: 0, max: 8 },
      { name: "childSeat", kind: "yesno" },
      { name: "signboardName", kind: "text" },
      notes,
    ],
  },
  "personal-ride": {
    fields: [
      fullName,
      email,
      { name: "pickupAddress", kind: "address", required: true },
      { name: "dropoffAddress", kind: "address", required: true },
      { name: "date", kind: "date", required: true },
      { name: "time", kind: "time", required: true },
      { name: "passengerCount", kind: "number", min: 1, max: 50 },
      { name: "luggagePieces", kind: "number", min: 0, max: 50 },
      { name: "vehicleClass", kind: "select", options: ["Sedan", "SUV", "Van"] },
      { name: "roundTrip", kind: "yesno" },
      { name: "extraStops", kind: "textarea" },
      notes,
    ],
  },
  "package-delivery": {
    fields: [
      { name: "senderFullName", kind: "text", required: true },
      { name: "senderEmail", kind: "email", required: true },
      { name: "pickupAddress", kind: "address", required: true },
      { name: "recipientName", kind: "text", required: true },
      { name: "recipientPhone", kind: "tel", required: true },
      { name: "dropoffAddress", kind: "address", required: true },
      { name: "deliveryByDate", kind: "date", required: true },
      { name: "deliveryByTime", kind: "time", required: true },
      { name: "packageSize", kind: "select", required: true, options: ["Envelope", "Small", "Medium", "Large"] },
      { name: "fragile", kind: "yesno" },
      { name: "signatureRequired", kind: "yesno" },
      notes,
    ],
  },
  "event-wedding": {
    fields: [
      fullName,
      email,
      { name: "eventDate", kind: "date", required: true },
      { name: "startTime", kind: "time", required: true },
      { name: "primaryVenue", kind: "address", required: true },
      { name: "vehiclePreference", kind: "select", required: true, options: ["Sedan", "SUV", "Limo", "Vintage", "Van"] },
      { name: "numVehicles", kind: "number", required: true, min: 1, max: 20 },
      { name: "secondaryLocations", kind: "textarea" },
      { name: "durationHours", kind: "number", min: 1, max: 24 },
      { name: "decorationRequired", kind: "yesno" },
      { name: "passengerCount", kind: "number", min: 1, max: 200 },
      notes,
    ],
  },
  custom: {
    fields: [
      fullName,
      email,
      { name: "description", kind: "textarea", required: true, large: true },
      { name: "pickupAddress", kind: "address" },
      { name: "dropoffAddress", kind: "address" },
      { name: "date", kind: "text" },
      { name: "vehiclePreference", kind: "text" },
      { name: "budget", kind: "text" },
      notes,
    ],
  },
};

/** Unknown or missing type falls back to custom (spec). */
export function carRequestType(value: string | null | undefined): CarRequestType {
  return (CAR_REQUEST_TYPES as readonly string[]).includes(value ?? "") ? (value as CarRequestType) : "custom";
}

/** Who is asking: the sender for deliveries, the full name otherwise. */
export const contactFields = (type: CarRequestType) =>
  type === "package-delivery" ? { name: "senderFullName", email: "senderEmail" } : { name: "fullName", email: "email" };

/** The subject's "{date/time/flight info}" part for each type. */
export function whenInfo(type: CarRequestType, v: Record<string, unknown>): string {
  const s = (k: string) => (v[k] === undefined || v[k] === null || v[k] === "" ? "" : String(v[k]));
  const parts: Record<CarRequestType, string> = {
    "chauffeur-hourly": `${s("startDate")} ${s("startTime")}`,
    "airport-transfer": `Flight ${s("flightNumber")} ${s("pickupTime").replace("T", " ")}`,
    "personal-ride": `${s("date")} ${s("time")}`,
    "package-delivery": `${s("deliveryByDate")} ${s("deliveryByTime")}`,
    "event-wedding": `${s("eventDate")} ${s("startTime")}`,
    custom: s("date"),
  };
  return parts[type].trim() || "N/A";
}

/** The spec's display names of the six types (used in subjects and on the success page). */
export const CAR_TYPE_NAME_KEYS = {
  "chauffeur-hourly": "cars.type.chauffeur-hourly",
  "airport-transfer": "cars.type.airport-transfer",
  "personal-ride": "cars.type.personal-ride",
  "package-delivery": "cars.type.package-delivery",
  "event-wedding": "cars.type.event-wedding",
  custom: "cars.type.custom",
} as const satisfies Record<CarRequestType, string>;

export const CAR_SUCCESS_KEYS = {
  "chauffeur-hourly": "cars.success.chauffeur-hourly",
  "airport-transfer": "cars.success.airport-transfer",
  "personal-ride": "cars.success.personal-ride",
  "package-delivery": "cars.success.package-delivery",
  "event-wedding": "cars.success.event-wedding",
  custom: "cars.success.custom",
} as const satisfies Record<CarRequestType, string>;

