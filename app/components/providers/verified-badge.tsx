import { useRootData, useT } from "~/lib/i18n/use-t";
import { monthYear } from "~/lib/forms/formats";
import type { PublicProvider } from "~/modules/providers/views";

/**
 * The scoped Verified badge: what was checked and until when ("ID checked Mar 2026 · License
 * valid to Aug 2027"), so it never claims more than the documents on file.
 */
export function VerifiedBadge({ verification }: { verification: PublicProvider["verification"] }) {
  const t = useT();
  const { contentLocale } = useRootData();
  const parts = [
    t("provider.profile.idChecked", { date: monthYear(verification.idCheckedAt, contentLocale) }),
    ...(verification.licenceValidTo
      ? [t("provider.profile.licenceValid", { date: monthYear(verification.licenceValidTo, contentLocale) })]
      : []),
    ...(verification.permitValidTo
      ? [t("provider.profile.permitValid", { date: monthYear(verification.permitValidTo, contentLocale) })]
      : []),
  ];
  return (
    <p className="inline-flex flex-wrap items-center gap-2 rounded-full bg-teal-50 px-3 py-1 text-sm text-teal-900 ring-1 ring-teal-200">
      <span className="font-semibold">✓ {t("provider.profile.verified")}</span>
      <span>{parts.join(" · ")}</span>
    </p>
  );
}
