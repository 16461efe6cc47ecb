import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";

/** 'Hosted by' with the owner's name and photo, and 'Verified Owner' only when we verified them. */
export function HostedBy({ landlord }: { landlord: { name: string; avatar: string | null; verified: boolean } }) {
  const t = useT();
  const initials = landlord.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <Section id="hosted-by" title={t("homes.hostedBy")} titleClassName="text-sm font-semibold tracking-wide text-slate-500 uppercase" className="card p-6">
      <div className="mt-4 flex items-center gap-4">
        {landlord.avatar ? (
          <img src={landlord.avatar} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-full bg-slate-100 object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-teal-100 text-lg font-semibold text-teal-800">
            {initials || "?"}
          </span>
        )}
        <div>
          <p className="text-lg font-semibold text-slate-900" translate={landlord.name ? "no" : undefined}>
            {landlord.name || t("homes.ownerFallback")}
          </p>
          {landlord.verified ? (
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-teal-50 px-2.5 py-0.5 text-sm font-medium text-teal-800">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path
                  fillRule="evenodd"
                  d="M9.661 2.237a.531.531 0 0 1 .678 0 11.947 11.947 0 0 0 7.078 2.749.5.5 0 0 1 .479.425c.069.52.104 1.05.104 1.589 0 5.162-3.26 9.563-7.834 11.256a.48.48 0 0 1-.332 0C5.26 16.563 2 12.162 2 7c0-.538.035-1.069.104-1.589a.5.5 0 0 1 .48-.425 11.947 11.947 0 0 0 7.077-2.75Zm4.196 5.954a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
                  clipRule="evenodd"
                />
              </svg>
              {t("homes.verifiedOwner")}
            </p>
          ) : null}
        </div>
      </div>
    </Section>
  );
}
