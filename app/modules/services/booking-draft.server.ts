import { clearDraft, keepDraft } from "~/modules/requests/form-draft.server";

/**
 * A booking posted after its session ended (logged out in another tab, expired) cannot be
 * stored; log-in comes first. What was typed is kept for the way back: the booking form opens
 * again after log-in with it, with or without JavaScript (the form reads it from the page's
 * data). It belongs to the account that form was shown to (`draftOwner`, posted by the form:
 * the session that would say it has ended). The one draft mechanism: form-draft.server.ts.
 */
export async function keepBookingDraft(formData: FormData, returnTo: string): Promise<string | null> {
  const owner = formData.get("draftOwner");
  if (typeof owner !== "string" || !owner || owner.length > 100) return null;
  return keepDraft(formData, { form: formData.get("form") === "quick" ? "quick" : "service", returnTo, owner });
}

/** The Set-Cookie value that removes a kept draft, when the request carries one (its booking was sent). */
export const clearBookingDraft = (request: Request) => clearDraft(request, "service");
