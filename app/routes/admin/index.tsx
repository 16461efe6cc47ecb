import { requireAdmin } from "~/lib/auth/session.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import type { Route } from "./+types/index";

export const handle = { messages: ["admin"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.dashboard.title");

/** The back office's dashboard (admins only: 403 for everyone else). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminHome() {
  const t = useT();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("admin.dashboard.title")}</h1>
      <p className="mt-2 text-slate-600">{t("admin.text")}</p>
    </section>
  );
}
