import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, Link } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { requireUser } from "~/lib/auth/session.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { STEP_COUNT } from "~/modules/homes/wizard";
import { findOwnerListings, type OwnerListing } from "~/modules/homes/listings.server";
import { findDraft } from "~/modules/homes/wizard.server";
import type { Route } from "./+types/listings";

export const handle = { messages: ["account", "choice", "form", "request", "wizard"] } satisfies MessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [listings, draft] = await Promise.all([findOwnerListings(user.id), findDraft(user.id)]);
  return { listings, draft: draft ? { step: draft.step } : null };
}

const STATUS: Record<OwnerListing["status"], { key: MessageKey; className: string }> = {
  pending: { key: "wizard.mine.status.pending", className: "bg-amber-100 text-amber-900" },
  published: { key: "wizard.mine.status.published", className: "bg-teal-100 text-teal-900" },
  rejected: { key: "wizard.mine.status.rejected", className: "bg-red-100 text-red-900" },
};


export default function MyListingsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { listings, draft } = loaderData;
  const draftCard = draft ? (
    <div className="card flex flex-wrap items-center justify-between gap-4 border-teal-200 bg-teal-50 p-5">
      <div>
        <p className="font-semibold text-teal-950">{t("wizard.mine.draftTitle")}</p>
        <p className="text-sm text-teal-900">{t("wizard.mine.draftText", { step: draft.step, total: STEP_COUNT })}</p>
      </div>
      <Link to={href("/homes/new")} className="btn-primary">
        {t("wizard.mine.continue")}
      </Link>
    </div>
  ) : null;

  if (listings.length === 0) {
    return (
      <div className="space-y-6">
        {draftCard}
        {draft ? null : (
          <EmptyState
            title={t("wizard.mine.emptyTitle")}
            text={t("wizard.mine.emptyText")}
            action={{ to: href("/homes/new"), label: t("wizard.mine.cta") }}
          />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {draftCard}
      <section aria-labelledby="listings-title" className="card p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="listings-title" className="text-xl font-semibold">
            {t("account.listings")}
          </h2>
          {draft ? null : (
            <Link to={href("/homes/new")} className="btn-secondary">
              {t("wizard.mine.another")}
            </Link>
          )}
        </div>
        <ul className="mt-4 divide-y divide-slate-200">
          {listings.map((l) => {
            const status = STATUS[l.status];
            return (
              <li key={l.id} className="flex flex-wrap items-center gap-4 py-4 sm:flex-nowrap">
                {l.coverUrl ? (
                  <img src={l.coverUrl} alt="" width={96} height={72} className="h-18 w-24 shrink-0 rounded-md object-cover" loading="lazy" />
                ) : (
                  <div className="flex h-18 w-24 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs text-slate-500">
                    {t("wizard.mine.noPhoto")}
                  </div>
                )}
                {/* At least 12rem before it shares a line: with a zero basis the three parts
                    always fitted on one line on a phone, and the text got a column a few letters
                    wide; now it takes the line below the photo instead. */}
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium">{l.title}</p>
                  <p className="truncate text-sm text-slate-600">{l.address}</p>
                  <p className="text-sm text-slate-500">
                    {format.cad(l.price)} {l.priceUnit === "night" ? t("wizard.perNight") : t("wizard.perMonth")} ·{" "}
                    {t("wizard.mine.submitted", { date: format.date(l.createdAt) })}
                  </p>
                  {l.status === "pending" ? <p className="mt-1 text-xs text-slate-500">{t("wizard.mine.pendingHint")}</p> : null}
                </div>
                <div className="flex items-center gap-3">
                  <span className={`rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap ${status.className}`}>
                    <span className="sr-only">{t("wizard.mine.statusLabel")}: </span>
                    {t(status.key)}
                  </span>
                  {l.status === "published" ? (
                    <Link
                      to={href("/homes/:id", { id: l.id })}
                      className="text-sm font-medium whitespace-nowrap text-teal-800 underline"
                      aria-label={t("wizard.mine.viewTitle", { title: l.title })}
                    >
                      {t("wizard.mine.view")}
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
