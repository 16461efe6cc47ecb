import { pageHtml } from "./html";
import type { HttpClient } from "./http-client";

/**
 * The back office's privacy step before an export or an erasure (issue 47 item 2): the operator
 * asks to confirm, the page lists exactly what will be included, and the confirmation posts that
 * list back (`included`). Returns it, as the operator's browser would send it.
 */
export async function confirmedPrivacyStep(admin: HttpClient, intent: "confirm" | "confirm-export", query: { email: string; phone: string }) {
  const html = await pageHtml(await admin.post("/admin/privacy", { intent, ...query }));
  const included = /name="included" value="([^"]+)"/.exec(html)?.[1];
  if (!included) throw new Error(`no ${intent} step for ${JSON.stringify(query)}`);
  return included;
}
