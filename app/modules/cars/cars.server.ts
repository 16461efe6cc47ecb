import { type SubmitContext, submitRequest } from "~/modules/requests/requests.server";
import { CAR_SUCCESS_KEYS, CAR_TYPE_NAME_KEYS, type CarRequestType } from "./types";

export { CAR_SUCCESS_KEYS, CAR_TYPE_NAME_KEYS };

/** A car request of one of the six types (request kind "car-request"); the consent tick is not stored. */
export function submitCarRequest(input: { type: CarRequestType } & Record<string, unknown>, ctx: SubmitContext) {
  const { consent: _consent, ...values } = input;
  return submitRequest("car-request", values as { type: CarRequestType } & Record<string, string | number | undefined>, ctx);
}

export function submitChauffeurContact(input: { fullName: string; email: string; pickupArea: string; message: string }, ctx: SubmitContext) {
  return submitRequest("chauffeur-contact", input, ctx);
}
