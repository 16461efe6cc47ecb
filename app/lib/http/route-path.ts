import { withoutLocalePrefix } from "../i18n/locales";

/**
 * The one place that says which page a request path names, for every rule decided by path
 * (personal pages: cache-policy.server.ts and the page store; body limits: body-limits.ts).
 * It must read a path the way React Router's route matching does, or a rule can be skipped by
 * spelling: routes match without case and after percent-decoding, so `/REQUESTS/<token>` and
 * `/%72equests/<token>` are the private status page too. Hence: each segment
 * decoded (an encoded slash stays one segment, as in React Router), lower-case, without the
 * language prefix. Tokens in the result are lower-cased too: it decides, it never routes.
 * Only a well-formed path (`isWellFormed`, checked at the edge: server/main.ts) is ever asked.
 */
export function routePath(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2f");
      } catch {
        return segment; // not UTF-8: refused at the edge before any rule is asked
      }
    })
    .join("/");
  return withoutLocalePrefix(decoded.toLowerCase());
}

/**
 * Whether a request's URL is one the app may route (anything else is refused, 400, at the edge
 * of the app, before any rule decided by path is asked: server/main.ts).
 */
export function isWellFormed(req: { url: string; path: string }): boolean {
  // A NUL in a path or query is never a real link: it only breaks what reads it (full-text
  // queries, PostgreSQL text), so such a URL is refused whatever the method.
  if (/%00|\u0000/i.test(req.url)) return false;
  // Nor is a path whose percent-escapes are not UTF-8 (%FF, %C3%28, a lone %): no route can
  // match it, and React Router would only log a warning for it.
  if (!isDecodable(req.path)) return false;
  // Nor a control character in a path (%09, %0A, %01…): URLs drop tabs and newlines, so
  // "/%09/x" turned into "//x", a link to another host, and React Router threw on it (a 500,
  // found by fuzzing).
  if (/%(?:[01][0-9a-f]|7f)/i.test(req.path)) return false;
  return isNormalPath(req.path);
}

/**
 * A dot segment (`.`, `..`, in any escaped spelling: `%2e`, `.%2E`…), which URL parsing removes
 * (WHATWG URL, as React Router's `new Request()` reads the path).
 */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Whether a path is the one React Router will route, spelled the same: no dot segment and no
 * backslash (which URL parsing reads as a slash). Otherwise the rules read one path and the
 * router served another: `/./requests/<token>` and `/es/../requests/<token>` were the private
 * status page, sent as a public page and kept in the anonymous page store (issue 47, item 9).
 * Browsers never send such a path (they resolve dot segments themselves), so it is refused,
 * not redirected: a redirect to the resolved path could lead off the site (`/.//evil.example`).
 */
export function isNormalPath(pathname: string): boolean {
  return !pathname.includes("\\") && !pathname.split("/").some((segment) => DOT_SEGMENT.test(segment));
}

function isDecodable(path: string): boolean {
  try {
    // The result is used: the bundler drops a call it takes to be side-effect free.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}
