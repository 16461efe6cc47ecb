import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { routePath } from "./route-path";

/**
 * Pages whose URL alone makes them someone's: accounts, drafts, private status links (the token
 * is in the path), the back office, and under /auth everything but the three forms every
 * visitor gets alike (log in, sign up, forgot password): verification and password-reset links
 * carry tokens. Their `.data` twins too. Decided on `routePath`, so no spelling of a path that
 * reaches one of these pages (upper case, percent-escapes, a language prefix) escapes the rule.
 */
const PERSONAL_PATHS =
  /^\/(account|admin|homes\/new|requests|email-preferences|provider-profile-setup|auth(?!\/(login|signup|forgot)(\.data)?$))(\/|\.data$|$)/;

export function isPersonalPath(path: string): boolean {
  return PERSONAL_PATHS.test(routePath(path));
}

/**
 * The default Cache-Control of every response that does not set its own (assets, photos and
 * health checks do), decided once here rather than by each route's `headers` export (a route
 * that forgot one used to send personal pages with none):
 * - `private, no-store` when the response is personal: a personal path, a request that carries
 *   cookies (a signed-in header, a flash message), or a response that sets one;
 * - otherwise `no-cache`: the page is the same for every anonymous visitor, but is re-fetched
 *   rather than served stale.
 */
export function cachePolicy(req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    if (res.getHeader("Cache-Control") !== undefined) return;
    const personal = isPersonalPath(req.path) || req.get("cookie") !== undefined || res.getHeader("Set-Cookie") !== undefined;
    res.setHeader("Cache-Control", personal ? "private, no-store" : "no-cache");
    // A page's language comes from the cookie or, on a first visit, from Accept-Language. Added
    // to what the answer varies on already (its encoding: the page handler compresses pages).
    if (!personal) res.vary("Accept-Language").vary("Cookie");
  });
  next();
}
