import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import type { ShortlistEntry, ShortlistFilter } from "~/modules/admin/views";
import { reasonText } from "~/modules/providers/availability";
import { PROVIDER_SERVICE_SLUGS, providerServiceName } from "~/modules/providers/catalogue";
import { FormError } from "./form-error";

export type Workbench = {
  filter: ShortlistFilter;
  providers: ShortlistEntry[];
  servicePages: { slug: string; title: string }[];
  chosen: ShortlistEntry | null;
};

/**
 * Matching (ADR 12, ADR 24) in three steps that all work without JavaScript: the shortlist
 * (live, verified providers with valid documents for the request's service and area — those
 * available at its date, time and area first, the others saying why not — least busy first;
 * the filters widen it), "Choose" (a link), then "Confirm match" (the one post,
 * which introduces both sides by email and moves the request to Matched).
 */
export function MatchingWorkbench({ workbench, result }: { workbench: Workbench; result?: SubmissionResult<string[]> }) {
  const t = useT();
  const dates = useFormat();
  const location = useLocation();
  const { filter, providers, chosen } = workbench;
  const chooseLink = (id: string) => {
    const q = new URLSearchParams(location.search);
    q.set("provider", id);
    return `?${q}#confirm-match`;
  };
  return (
    <section aria-labelledby="match-title" className="card p-6">
      <h2 id="match-title" className="text-lg font-semibold">
        {t("admin.match.title")}
      </h2>
      <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("admin.match.filters")} preventScrollReset>
        <label className="grid gap-1">
          <span className="field-label">{t("admin.match.service")}</span>
          <select name="servicePage" defaultValue={filter.servicePage ?? ""} className="field-input">
            <option value="">{t("admin.inbox.any")}</option>
            {workbench.servicePages.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="field-label">{t("admin.match.category")}</span>
          <select name="category" defaultValue={filter.category ?? ""} className="field-input">
            <option value="">{t("admin.inbox.any")}</option>
            {/* The one catalogue (ADR 40): the services providers are approved for and show. */}
            {PROVIDER_SERVICE_SLUGS.map((s) => (
              <option key={s} value={s}>
                {providerServiceName(t, s)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="field-label">{t("admin.match.area")}</span>
          <input name="area" defaultValue={filter.area ?? ""} maxLength={100} className="field-input" />
        </label>
        <label className="flex items-center gap-2 self-end pb-2">
          <input type="checkbox" name="licensed" value="1" defaultChecked={filter.licensed} />
          <span className="text-sm">{t("admin.match.licensed")}</span>
        </label>
        <button type="submit" className="btn-secondary sm:col-span-2 lg:col-span-4 lg:justify-self-start">
          {t("admin.match.apply")}
        </button>
      </Form>

      {providers.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("admin.match.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label={t("admin.match.shortlist")}>
          {providers.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold" translate="no">
                  {p.name}
                </p>
                <p className="text-sm text-slate-600">
                  {p.services.map((s) => providerServiceName(t, s)).join(", ")} · <span translate="no">{p.areas.join(", ")}</span>
                </p>
                <p className="text-xs text-slate-500">
                  {p.licenceValidTo ? t("admin.match.licenceTo", { date: dates.date(p.licenceValidTo) }) : t("admin.match.noLicence")} ·{" "}
                  {t("admin.match.load", { count: p.openMatches })}
                </p>
                {/* Availability at the request's date, time and area: why the others are lower. */}
                {p.unavailable.length ? (
                  <p className="text-sm text-amber-800">
                    {t("availability.unavailable", { reasons: p.unavailable.map((r) => reasonText(r, t, dates.calendarDay)).join("; ") })}
                  </p>
                ) : (
                  <p className="text-sm text-teal-800">{t("availability.available")}</p>
                )}
              </div>
              <Link to={chooseLink(p.id)} preventScrollReset className="btn-secondary text-sm" aria-label={t("admin.match.chooseName", { name: p.name })}>
                {t("admin.match.choose")}
              </Link>
            </li>
          ))}
        </ul>
      )}

      {chosen ? (
        <Form method="post" id="confirm-match" className="mt-4 grid gap-3 rounded-lg border border-teal-300 bg-teal-50 p-4">
          <input type="hidden" name="intent" value="match" />
          <input type="hidden" name="providerId" value={chosen.id} />
          <p>{t("admin.match.confirmText", { name: chosen.name })}</p>
          <FormError result={result} />
          <FormError result={result} name="providerId" />
          <button type="submit" className="btn-primary justify-self-start">
            {t("admin.match.confirm")}
          </button>
        </Form>
      ) : (
        <FormError result={result} />
      )}
    </section>
  );
}
