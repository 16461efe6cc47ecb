import { withoutLocalePrefix } from "../i18n/locales";

/**
 * The one place that says which page a request path names, for every rule decided by path
 * (personal pages: cache-policy.server.ts and the page store; body limits: body-limits.ts).
 * It must read a path the way React Router's route matching does, or a rule can be skipped by
 * spelling: routes match without case and after percent-decoding, so `/REQUESTS/<token>` and
 * `/%72equests/<token>` are the private status page too. Hence: each segment
 * decoded (an encoded slash stays one segment, as in React Router), lower-case, without the
 * language prefix. Tokens in the result are lower-cased too: it decides, it never routes.
 */
export function routePath(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2f");
      } catch {
        return segment; // not UTF-8: the request guard refuses such a path before any rule is asked
      }
    })
    .join("/");
  return withoutLocalePrefix(decoded.toLowerCase());
}
