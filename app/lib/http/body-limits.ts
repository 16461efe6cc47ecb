import { routePath } from "./route-path";

/**
 * How much a form post may carry, per action. The request guard refuses a body
 * over `maxBytes` before reading a byte of it; `readForm` refuses more than `maxFields` fields
 * (or `maxFiles` files) while parsing, so a flood of tiny parts cannot block the event loop.
 */
export type BodyLimit = {
  maxBytes: number;
  maxFields: number;
  /** Files in a multipart body; 0 = this action takes no multipart bodies at all. */
  maxFiles: number;
  /** One file: kept up to one byte more (so the action can say it is too large), the rest dropped while streaming. */
  maxFileBytes?: number;
};

/**
 * Every text form. The longest field is a few thousand characters, but a visitor who pastes far
 * more should get the form back with "at most N characters" (the schema's message), not a bare
 * 413: so the byte limit is generous, and only abuse reaches it.
 */
export const FORM_LIMIT: BodyLimit = { maxBytes: 512 * 1024, maxFields: 200, maxFiles: 0 };

/** The actions that take more than a text form (uploads), by path and by pattern. */
export type BodyLimitTable = { byPath: Record<string, BodyLimit>; byPattern: [RegExp, BodyLimit][] };

/**
 * The app's table, handed over at start-up (server/app.ts, from modules/site/body-limits.ts):
 * what a page may receive is the domain's to say, how it is enforced this module's.
 */
let table: BodyLimitTable = { byPath: {}, byPattern: [] };
export function setBodyLimits(limits: BodyLimitTable): void {
  table = limits;
}

/** The limit for a request path (read as routes read it: any case); React Router's data requests (`/x.data`) share their page's. */
export function bodyLimitFor(pathname: string): BodyLimit {
  const page = routePath(pathname).replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return table.byPath[page === "/_root" ? "/" : page] ?? table.byPattern.find(([pattern]) => pattern.test(page))?.[1] ?? FORM_LIMIT;
}
