import type { Response } from "express";
import { enErrors } from "../i18n/messages/en-errors";
import { REFUSALS, type Refusal } from "./http-error";

/**
 * A refusal answered before React Router (the edge, the request guard), so without the page
 * shell: a short plain-text message. The request body is left unread; the connection is closed
 * so it is not read either.
 */
export function refuseEarly(res: Response, kind: Refusal) {
  const { status, key } = REFUSALS[kind];
  res.status(status).set({ "Cache-Control": "no-store", Connection: "close" }).type("text/plain; charset=utf-8").send(enErrors[key]);
}
