/**
 * A same-site path to return to, or "/" — never another origin ("//evil.example", "/\\evil",
 * "https://…"), so a crafted form or link cannot bounce users off the site.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}
