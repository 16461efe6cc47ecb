import { getSessionUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { clearDraft, keepDraft } from "~/modules/requests/form-draft.server";
import { isDraftForm } from "~/modules/requests/form-draft";
import type { Route } from "./+types/form-draft";

/**
 * Keeps (or, `intent=clear`, forgets) what a dialog's form holds as it closes or its page goes
 * (issue 49 item 6): posted by the form's script, answered with the draft's cookie only. The
 * draft is the signed-in account's (the session says whose, never the post), else the visitor's.
 * Cross-site posts are refused for every route (request-guard.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const which = form.get("form");
  if (!isDraftForm(which)) return new Response("Unknown form", { status: 400 });
  const headers = new Headers({ "Cache-Control": "no-store" });
  const cookie =
    form.get("intent") === "clear"
      ? await clearDraft(request, which)
      : await keepDraft(form, { form: which, returnTo: safeRedirectPath(form.get("returnTo")), owner: (await getSessionUser(request))?.id ?? "" });
  if (cookie) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 204, headers });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
