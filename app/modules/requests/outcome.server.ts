import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { findPublicProvider } from "~/modules/providers/providers.server";
import type { RequestStatus } from "./status";
import type { RequestOutcome } from "./views";

/**
 * What the customer's own pages (the status page behind their link, My Bookings) say about how
 * the request turned out: who was matched to it, and why it ended when it was
 * cancelled or not approved.
 *
 * - The provider is shown by their public profile name, linked to the public profile while it
 *   is visible (live, documents valid), never with an email or a phone: those reach the customer
 *   only in the confirmation email once the provider accepted (ADR 24). While the provider has
 *   not answered yet (Matched) they are "proposed", as the customer's email already said.
 * - The reason is the note recorded with the ending move (an operator's cancellation needs one;
 *   it is the text the customer's status email carried), so the page and the email agree.
 */
export type { RequestOutcome };

/** Statuses in which the request has a provider the customer may know of. */
const WITH_PROVIDER: readonly RequestStatus[] = ["matched", "accepted", "completed"];
/** Endings whose recorded note explains them to the customer. */
const EXPLAINED: readonly RequestStatus[] = ["cancelled", "rejected"];

export async function requestOutcome(
  db: Kysely<Database>,
  row: { status: string; provider_id: string | null },
  events: readonly { status: string; note: string | null }[],
): Promise<RequestOutcome> {
  const status = row.status as RequestStatus;
  let provider: RequestOutcome["provider"] = null;
  if (row.provider_id && WITH_PROVIDER.includes(status)) {
    const found = await db.selectFrom("providers").select(["id", "name"]).where("id", "=", row.provider_id).executeTakeFirst();
    if (found) {
      // A profile no longer public (paused, documents expired) would be a dead link: the name only.
      const visible = (await findPublicProvider(found.id)) !== null;
      provider = { name: found.name, profileId: visible ? found.id : null, confirmed: status !== "matched" };
    }
  }
  const ending = EXPLAINED.includes(status) ? events.findLast((e) => e.status === status) : undefined;
  return { provider, reason: ending?.note?.trim() || null };
}
