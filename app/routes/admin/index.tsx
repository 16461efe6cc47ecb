import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { requireAdmin } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

export const handle = { messages: ["admin"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "admin.title", "admin.text"),
  { name: "robots", content: "noindex" },
];

/** The back office (admins only: 403 for everyone else). Its tools arrive with the admin issue. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { name: admin.name };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t("admin.title")}</h1>
      <p className="mt-4 text-slate-600">{t("admin.welcome", { name: loaderData.name })}</p>
      <p className="mt-2 text-slate-600">{t("admin.text")}</p>
    </section>
  );
}
