import { href, Link } from "react-router";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";
import { providerServiceName } from "~/modules/providers/catalogue";
import type { PublicProvider } from "~/modules/providers/views";
import { VerifiedBadge } from "./verified-badge";

/** Live providers as cards (a service page's matching providers, search results). */
export function ProviderList({
  providers,
  id = "providers",
  title,
}: {
  providers: PublicProvider[];
  id?: string;
  title?: string;
}) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <Section id={id} title={title ?? t("provider.list.title")} className="mt-10">
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {providers.map((p) => (
          <li key={p.id} className="card p-5">
            {/* The provider's name and areas as they wrote them (translate="no"). */}
            <h3 className="text-lg font-semibold" translate="no">
              <Link to={href("/providers/:id", { id: p.id })} className="hover:underline">
                {p.name}
              </Link>
            </h3>
            <div className="mt-2">
              <VerifiedBadge verification={p.verification} services={p.services} />
            </div>
            {p.services.length ? (
              <p className="mt-2 text-sm text-slate-600">{p.services.map((s) => providerServiceName(t, s)).join(", ")}</p>
            ) : null}
            <p className="mt-1 text-sm text-slate-600" translate="no">
              {p.serviceAreas.join(", ")}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
