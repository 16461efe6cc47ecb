import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { scopedValue } from "../request-scope.server";
import { LOCALE_COOKIE, localeOfPath } from "./locales";
import { PSEUDO_LOCALE, pseudoTable, pseudoText } from "./pseudo";

/**
 * Whether the request being handled is read in the pseudo-locale. Set for the whole request by
 * `pseudoLocaleScope`, so every source of English text picked by language (the catalogue, the
 * service categories' texts, the legal documents) can give its pseudo version without the
 * locale type, the picker or any route knowing about it.
 */
const scope = scopedValue<true>("pseudo-locale");

export const inPseudoLocale = (): boolean => scope.get() === true;

const PSEUDO_COOKIE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=${PSEUDO_LOCALE}(?:;|$)`);

/**
 * Express middleware: when `enabled()` (PSEUDO_LOCALE=1) only, a request for an unprefixed page
 * from a browser whose `lang` cookie is "en-XA" is handled in the pseudo-locale. Such a request
 * carries a cookie, so the anonymous page store (ADR 10) never keeps or serves it.
 */
export function pseudoLocaleScope(enabled: () => boolean) {
  return (req: ExpressRequest, _res: ExpressResponse, next: NextFunction): void => {
    if (!enabled() || localeOfPath(req.path) || !PSEUDO_COOKIE.test(req.headers.cookie ?? "")) return next();
    scope.run(true, next);
  };
}

const tables = new WeakMap<object, object>();

/** A table of English texts (the catalogue) in the pseudo-locale, built once per table. */
export function pseudoTableOf<T extends Readonly<Record<string, string>>>(table: T): T {
  let pseudo = tables.get(table) as T | undefined;
  if (!pseudo) tables.set(table, (pseudo = pseudoTable(table)));
  return pseudo;
}

/** The given fields of a record of English texts (strings or lists of strings), in the pseudo-locale. */
export function pseudoFields<T extends object, K extends keyof T>(record: T, fields: readonly K[]): T {
  const out = { ...record };
  for (const field of fields) {
    const value = record[field];
    if (typeof value === "string") out[field] = pseudoText(value) as T[K];
    else if (Array.isArray(value)) out[field] = value.map((v: unknown) => (typeof v === "string" ? pseudoText(v) : v)) as T[K];
  }
  return out;
}
