import type { RequestKindDefinition } from "../kind";
import { booking } from "./booking";
import { carRequest } from "./car-request";
import { chauffeurContact } from "./chauffeur-contact";
import { cityRequest } from "./city-request";
import { contactMessage } from "./contact-message";
import { listing } from "./listing";
import { providerApplication } from "./provider-application";
import { quickBooking } from "./quick-booking";
import { rentRequest } from "./rent-request";
import { serviceRequest } from "./service-request";

/** Every kind of request, looked up by name. Adding a kind: one file here plus its messages. */
export const KINDS = {
  booking,
  "quick-booking": quickBooking,
  "service-request": serviceRequest,
  "car-request": carRequest,
  "chauffeur-contact": chauffeurContact,
  "rent-request": rentRequest,
  "city-request": cityRequest,
  listing,
  "contact-message": contactMessage,
  "provider-application": providerApplication,
} as const;

export type RequestKind = keyof typeof KINDS;
export const REQUEST_KINDS = Object.keys(KINDS) as RequestKind[];
export type KindData<K extends RequestKind> = (typeof KINDS)[K] extends RequestKindDefinition<infer D> ? D : never;

export const isRequestKind = (name: unknown): name is RequestKind => typeof name === "string" && Object.hasOwn(KINDS, name);

/** The declaration of a stored kind (widened: callers hold data they read back from the database). */
export function kindOf(name: RequestKind): RequestKindDefinition {
  return KINDS[name] as unknown as RequestKindDefinition;
}
