/** Longer than any path of ours with its query; a longer "path" is an attack or an accident. */
export const MAX_REDIRECT_LENGTH = 500;

const BASE = "http://same-site.invalid";

/**
 * A same-site path to return to, or `fallback` — never another origin. The check is made on the
 * path as a browser will resolve it (dot segments and `%2e` removed), and that resolved path is
 * what is returned: "/.//evil.example" resolves to "//evil.example", a protocol-relative URL,
 * so it is refused even though the raw string starts with a single slash.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return fallback;
  // Browsers read "\" as "/" in http(s) URLs and drop tabs and newlines: refuse both outright.
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
