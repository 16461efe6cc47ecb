import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { data, href, Link } from "react-router";
import { AskedFields, Receipt } from "~/components/requests/receipt";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { readSuccess } from "~/modules/requests/success.server";
import type { Route } from "./+types/request-success";

export const handle = { messages: ["success"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta(matches, "success.metaTitle", "success.defaultMessage"), { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { value, headers } = await readSuccess(request);
  // Someone's receipt (reference, private status link): never stored by a browser or proxy.
  headers.set("Cache-Control", "private, no-store");
  return data({ info: value }, { headers });
}

export default function RequestSuccessPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const serviceName = loaderData.info?.serviceName || t("success.defaultService");
  const message = loaderData.info?.message || t("success.defaultMessage");
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <div aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-teal-100 text-3xl text-teal-700">
        ✓
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-teal-700 uppercase">{serviceName}</p>
      {/* A dialog's form sent without JavaScript lands here: its own "sent" heading, as the dialog shows it. */}
      <h1 className="mt-2 text-3xl font-bold">{loaderData.info?.title ?? t("success.title")}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <AskedFields fields={loaderData.info?.fields} className="mx-auto mt-6 max-w-xl" />
      <Receipt
        reference={loaderData.info?.reference}
        emailed={loaderData.info?.emailed}
        withheld={loaderData.info?.withheld}
        statusPath={loaderData.info?.statusPath}
      />
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <Link to={href("/services")} className="btn-primary">
          {t("success.browseServices")}
        </Link>
        <Link to="/" className="btn-secondary">
          {t("success.backHome")}
        </Link>
      </div>
    </section>
  );
}
