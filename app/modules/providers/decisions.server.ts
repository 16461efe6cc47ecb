import { localizedPath } from "~/lib/i18n/locales";
import { randomUUID } from "node:crypto";
import { href } from "react-router";
import { getRuntime } from "~/lib/runtime.server";
import { recordAudit } from "~/modules/admin/audit.server";
import type { ProviderApplicationData } from "~/modules/requests/kinds/provider-application";
import { transitionRequest, type TransitionResult } from "~/modules/requests/requests.server";
import { REJECTED_DOCUMENT_RETENTION_DAYS } from "~/modules/site/constants";
import { providerServiceName } from "./catalogue";
import { scheduleDeletion } from "./documents.server";

/**
 * The decisions the back office calls on a provider application (ADR 9). Each is a
 * move of the application's request along PROVIDER_APPLICATION_LIFECYCLE, so it is recorded on
 * the request's timeline and emailed to the applicant in their language, and its effects commit
 * in the same transaction:
 * - approve: the services granted (a subset of those applied for) are kept on the provider
 *   record, the account gets the `provider` role, the documents become the approved ones
 *   (replacing older ones of the same kind), and the email links to /provider-profile-setup.
 * - reject: the reason is the transition's note (in the email); the documents are marked for
 *   deletion after REJECTED_DOCUMENT_RETENTION_DAYS. cancel (the applicant withdrew) likewise.
 * These moves are guarded (the kind's `guardedMoves`): a plain transitionRequest refuses them.
 * Each decision is written to the audit log (before → after) in the same transaction, as the
 * admin who made it (`actorId`; "system" when a script or test calls without one).
 */
export type DecisionResult =
  TransitionResult | { ok: false; reason: "not-a-provider-application" | "no-services" };

async function loadApplication(requestId: string) {
  const row = await getRuntime()
    .db.selectFrom("requests")
    .select(["id", "kind", "user_id", "data"])
    .where("id", "=", requestId)
    .executeTakeFirst();
  if (!row || row.kind !== "provider-application") return null;
  return { ...row, data: JSON.parse(row.data) as ProviderApplicationData };
}

/** Who decides: the admin's user id. */
type Actor = { actorId?: string };
const SYSTEM_ACTOR = "system";

export async function approveApplication(
  requestId: string,
  decision: { services: string[]; note?: string | null } & Actor,
): Promise<DecisionResult> {
  const application = await loadApplication(requestId);
  if (!application || !application.user_id) return { ok: false, reason: "not-a-provider-application" };
  const granted = [...new Set(decision.services)].filter((s) => application.data.services.includes(s));
  if (granted.length === 0 || granted.length !== new Set(decision.services).size)
    return { ok: false, reason: "no-services" };
  const userId = application.user_id;
  const { data } = application;
  const { env } = getRuntime();

  return transitionRequest(requestId, "approved", decision.note ?? null, {
    effects: async (trx, move) => {
      const now = new Date().toISOString();
      const existing = await trx
        .selectFrom("providers")
        .select(["id", "categories", "services"])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      const role = await trx.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
      await recordAudit(trx, {
        actorId: decision.actorId ?? SYSTEM_ACTOR,
        action: "provider-application.approve",
        entityType: "request",
        entityId: requestId,
        before: {
          status: move.from,
          role: role?.role ?? null,
          services: existing ? (JSON.parse(existing.services) as string[]) : null,
        },
        after: { status: move.to, role: role?.role === "admin" ? "admin" : "provider", services: granted },
        note: decision.note ?? null,
      });
      const record = {
        application_id: data.applicationId,
        name: data.fullName,
        services: JSON.stringify(granted),
        service_areas: JSON.stringify(data.serviceAreas),
        search_text: data.serviceAreas.join(" | ").toLowerCase(),
        id_checked_at: now,
        updated_at: now,
      };
      if (existing) {
        // A service granted anew starts turned on, as at the first approval; the provider's
        // choices among the others stay as they were.
        const before = JSON.parse(existing.services) as string[];
        const chosen = JSON.parse(existing.categories) as string[];
        const categories = [...new Set([...chosen, ...granted.filter((s) => !before.includes(s))])];
        await trx
          .updateTable("providers")
          .set({ ...record, categories: JSON.stringify(categories) })
          .where("id", "=", existing.id)
          .execute();
      } else {
        await trx
          .insertInto("providers")
          .values({
            id: randomUUID(),
            user_id: userId,
            bio: null,
            // Every service granted starts turned on (the profile set-up may turn some off).
            categories: JSON.stringify(granted),
            status: "approved",
            created_at: now,
            ...record,
          })
          .execute();
      }
      // The new documents replace older approved ones of the same kind (a renewal).
      const kinds = await trx
        .selectFrom("provider_documents")
        .select("kind")
        .where("application_id", "=", data.applicationId)
        .execute();
      if (kinds.length) {
        await trx
          .updateTable("provider_documents")
          .set({ status: "superseded" })
          .where("user_id", "=", userId)
          .where("status", "=", "approved")
          .where(
            "kind",
            "in",
            kinds.map((k) => k.kind),
          )
          .execute();
      }
      await trx
        .updateTable("provider_documents")
        .set({ status: "approved", checked_at: now })
        .where("application_id", "=", data.applicationId)
        .execute();
      // Admins keep their role; everyone else becomes a provider.
      await trx
        .updateTable("user")
        .set({ role: "provider" })
        .where("id", "=", userId)
        .where((eb) => eb.or([eb("role", "is", null), eb("role", "<>", "admin")]))
        .execute();
    },
    email: (t, locale) => ({
      paragraphs: [
        t("provider.email.approvedText", {
          services: granted.map((s) => providerServiceName(t, s)).join(", "),
        }),
      ],
      action: {
        label: t("provider.email.setupAction"),
        url: `${env.PUBLIC_URL}${localizedPath(locale, href("/provider-profile-setup"))}`,
      },
    }),
  });
}

export async function rejectApplication(
  requestId: string,
  reason: string,
  actor: Actor = {},
): Promise<DecisionResult> {
  return closeApplication(requestId, "rejected", reason, actor);
}

/** The applicant withdrew: like a rejection, the documents go after the retention period. */
export async function cancelApplication(
  requestId: string,
  note: string | null = null,
  actor: Actor = {},
): Promise<DecisionResult> {
  return closeApplication(requestId, "cancelled", note, actor);
}

const CLOSE_ACTIONS = { rejected: "provider-application.reject", cancelled: "provider-application.cancel" } as const;

/**
 * Rejected or withdrawn, an application ends the same way: the note (trimmed, none when blank)
 * is the transition's, the documents are marked for deletion after the retention period, and
 * the applicant is told so.
 */
async function closeApplication(
  requestId: string,
  to: keyof typeof CLOSE_ACTIONS,
  note: string | null,
  actor: Actor,
): Promise<DecisionResult> {
  const application = await loadApplication(requestId);
  if (!application) return { ok: false, reason: "not-a-provider-application" };
  const text = note?.trim() || null;
  return transitionRequest(requestId, to, text, {
    effects: async (trx, move) => {
      await scheduleDeletion(trx, application.data.applicationId);
      await recordAudit(trx, {
        actorId: actor.actorId ?? SYSTEM_ACTOR,
        action: CLOSE_ACTIONS[to],
        entityType: "request",
        entityId: requestId,
        before: { status: move.from, documents: "pending" },
        after: { status: move.to, documents: "rejected", retentionDays: REJECTED_DOCUMENT_RETENTION_DAYS },
        note: text,
      });
    },
    email: (t) => ({
      paragraphs: [t("provider.email.rejectedText", { days: REJECTED_DOCUMENT_RETENTION_DAYS })],
    }),
  });
}
