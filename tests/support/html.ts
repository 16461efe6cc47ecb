/**
 * The page as a reader sees it: server-rendered HTML without its <script> elements. Every page
 * embeds the message catalogue in its hydration data, so assertions on raw HTML would find any
 * catalogue text whether or not the page shows it.
 */
export async function pageHtml(response: Response): Promise<string> {
  return withoutScripts(await response.text());
}

export const withoutScripts = (html: string) =>
  // Structured data (JSON-LD) is part of what the page says; hydration scripts are not.
  html.replace(/<script\b(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/gi, "");

/** The catalogue keys a page shows as they are (a text it was not sent): in its text, or an attribute read out or shown. */
export function bareKeysIn(html: string, keys: readonly string[]): string[] {
  const page = withoutScripts(html);
  const shown = [
    page.replace(/<[^>]*>/g, " "),
    ...[...page.matchAll(/\s(?:aria-label|placeholder|title|alt|content)="([^"]*)"/g)].map((m) => m[1]),
  ].join("\n");
  return keys.filter((key) => shown.includes(key));
}
