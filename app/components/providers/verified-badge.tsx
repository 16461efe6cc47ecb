import { useRootData, useT } from "~/lib/i18n/use-t";
import { monthYear } from "~/lib/forms/formats";
import { providerServiceName, serviceBySlug } from "~/modules/providers/catalogue";
import type { PublicProvider } from "~/modules/providers/views";

/**
 * The scoped Verified badge: what it covers and what each part rests on ("Verified: Plumbing —
 * license checked Dec 2026 · Handyman — ID checked Mar 2026", ADR 40), then until when the
 * licence and permit are valid, so it never claims more than the documents on file.
 */
export function VerifiedBadge({ verification, services }: { verification: PublicProvider["verification"]; services: readonly string[] }) {
  const t = useT();
  const { contentLocale } = useRootData();
  const names = (slugs: string[]) => slugs.map((s) => providerServiceName(t, s)).join(", ");
  const licensed = services.filter((s) => serviceBySlug(s)?.requiresLicense);
  const byId = services.filter((s) => !serviceBySlug(s)?.requiresLicense);
  const idChecked = monthYear(verification.idCheckedAt, contentLocale);
  const scope = [
    ...(licensed.length && verification.licenceCheckedAt
      ? [t("provider.profile.licenceChecked", { services: names(licensed), date: monthYear(verification.licenceCheckedAt, contentLocale) })]
      : []),
    ...(byId.length ? [t("provider.profile.idCheckedFor", { services: names(byId), date: idChecked })] : []),
  ];
  const parts = [
    // With no service shown, the badge still says what was checked.
    ...(scope.length ? [] : [t("provider.profile.idChecked", { date: idChecked })]),
    ...(verification.licenceValidTo
      ? [t("provider.profile.licenceValid", { date: monthYear(verification.licenceValidTo, contentLocale) })]
      : []),
    ...(verification.permitValidTo
      ? [t("provider.profile.permitValid", { date: monthYear(verification.permitValidTo, contentLocale) })]
      : []),
  ];
  return (
    <p className="inline-flex flex-wrap items-center gap-2 rounded-full bg-teal-50 px-3 py-1 text-sm text-teal-900 ring-1 ring-teal-200">
      <span className="font-semibold">
        {`✓ ${scope.length ? t("provider.profile.verifiedFor", { scope: scope.join(" · ") }) : t("provider.profile.verified")}`}
      </span>
      {parts.length ? <span>{parts.join(" · ")}</span> : null}
    </p>
  );
}
