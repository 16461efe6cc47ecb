import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, Link } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { RequestWhen } from "~/components/requests/request-when";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { CANCEL_PARAM, CANCEL_SECTION, RESCHEDULE_PARAM, RESCHEDULE_SECTION } from "~/modules/requests/cancel-link";
import { listRequestsForUser } from "~/modules/requests/requests.server";
import type { Route } from "./+types/bookings";

export const handle = { messages: ["account", "status"] } satisfies MessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { requests: await listRequestsForUser(user.id, serverTranslate(request, getAppEnv().BRAND_NAME)) };
}


export default function BookingsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.requests.length === 0) {
    return (
      <EmptyState
        title={t("account.noBookingsTitle")}
        text={t("account.noBookingsText")}
        action={{ to: href("/services"), label: t("account.browseServices") }}
      />
    );
  }
  return (
    <Section id="bookings-title" title={t("account.bookings")} className="card p-6">
      <ul className="mt-4 divide-y divide-slate-200">
        {loaderData.requests.map((r) => (
          <li key={r.reference} className="flex flex-wrap items-center justify-between gap-3 py-4">
            <div>
              <p className="font-medium">{r.title}</p>
              <RequestWhen appointment={r.appointment} createdAt={r.createdAt} reference={r.reference} />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <span className="rounded-full bg-slate-100 px-3 py-1 text-sm">{t(r.statusLabel)}</span>
              {/* The request page's own steps (issue 49 item 1): a dialog there with JavaScript, the form inline without. */}
              {r.canReschedule ? (
                <Link
                  to={`${href("/account/requests/:reference", { reference: r.reference })}?${RESCHEDULE_PARAM}#${RESCHEDULE_SECTION}`}
                  className="text-sm font-medium text-teal-800 underline"
                  aria-label={t("account.rescheduleRequest", { reference: r.reference })}
                >
                  {t("account.reschedule")}
                </Link>
              ) : null}
              {r.canCancel ? (
                <Link
                  to={`${href("/account/requests/:reference", { reference: r.reference })}?${CANCEL_PARAM}#${CANCEL_SECTION}`}
                  className="text-sm font-medium text-teal-800 underline"
                  aria-label={t("account.cancelRequest", { reference: r.reference })}
                >
                  {t("account.cancel")}
                </Link>
              ) : null}
              <Link
                to={href("/account/requests/:reference", { reference: r.reference })}
                className="text-sm font-medium text-teal-800 underline"
                aria-label={t("account.viewRequest", { reference: r.reference })}
              >
                {t("account.view")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
