import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { staticUrl } from "~/lib/static-files.server";
import type { Route } from "./+types/request";

export const handle = { messages: ["request"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "request.metaTitle", "request.metaDescription");

/** The cards' pictures at this build's versioned address (static-files.server.ts), made on the server. */
export const loader = () => ({
  images: { services: staticUrl("/images/services/handyman.svg"), homes: staticUrl("/images/homes/h-liberty-village-1br-1.svg") },
});

/** Two ways in; each card lands on its page with the request form already open. */
export default function RequestPage({ loaderData: { images } }: Route.ComponentProps) {
  const t = useT();
  const cards = [
    { to: `${href("/services")}?book`, image: images.services, title: t("request.servicesTitle"), text: t("request.servicesText"), cta: t("request.servicesCta") },
    { to: `${href("/homes")}?request=city`, image: images.homes, title: t("request.homesTitle"), text: t("request.homesText"), cta: t("request.homesCta") },
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("request.title")}</h1>
      <p className="mt-2 text-slate-600">{t("request.intro")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2">
        {cards.map((c) => (
          <li key={c.to} className="card overflow-hidden">
            <img src={c.image} alt="" width={600} height={338} className="aspect-video w-full object-cover" />
            <div className="p-5">
              <h2 className="text-xl font-semibold">{c.title}</h2>
              <p className="mt-1 text-slate-600">{c.text}</p>
              <Link to={c.to} className="btn-primary mt-4">
                {c.cta}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
