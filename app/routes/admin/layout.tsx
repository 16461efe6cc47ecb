import { Link, NavLink, Outlet } from "react-router";
import { requireAdmin } from "~/lib/auth/session.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { newCounts } from "~/modules/admin/inbox.server";
import { ADMIN_KINDS, ADMIN_SECTIONS, KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { pendingModerationCount } from "~/modules/reviews/moderation.server";
import type { Route } from "./+types/layout";

export const handle = { messages: ["admin.kind", "admin.nav", "admin.welcome"], noindex: true } satisfies MessagesHandle;

/**
 * The back office's frame: its sections and the new requests waiting per kind. Each child
 * route checks the admin role itself too — child loaders and actions run without this one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [counts, reviews] = await Promise.all([newCounts(), pendingModerationCount()]);
  return { name: admin.name, counts, reviews };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { counts } = loaderData;
  const totalNew = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const countFor = (path: string) =>
    path === "/admin/requests" ? totalNew : path === "/admin/listings" ? (counts.listing ?? 0) : path === "/admin/providers" ? (counts["provider-application"] ?? 0) : path === "/admin/reviews" ? loaderData.reviews : 0;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[14rem_1fr]">
      <nav aria-label={t("admin.nav.label")} className="lg:sticky lg:top-20 lg:self-start">
        <p className="text-sm text-slate-500">{t("admin.welcome", { name: loaderData.name })}</p>
        <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink
                to={s.path}
                end={s.end}
                className={({ isActive }) =>
                  `flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-teal-800 text-white" : "text-slate-800 hover:bg-slate-100"}`
                }
              >
                {t(s.label)}
                <NewCount n={countFor(s.path)} />
              </NavLink>
            </li>
          ))}
        </ul>
        {/* A list's label, not a heading: the sidebar comes before the page's <h1>, and a
            heading here put an <h2> first in every back-office page's outline. */}
        <p id="admin-new-by-kind" className="mt-6 hidden text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
          {t("admin.nav.newByKind")}
        </p>
        <ul aria-labelledby="admin-new-by-kind" className="mt-2 hidden gap-1 lg:grid">
          {ADMIN_KINDS.filter((k) => counts[k]).map((k) => (
            <li key={k}>
              <Link to={`/admin/requests?kind=${k}&status=received`} className="flex items-center justify-between gap-3 rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
                {t(KIND_LABEL_KEYS[k] as MessageKey)}
                <NewCount n={counts[k] ?? 0} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* overflow-wrap:anywhere (as the account layout): a long address, reference or subject
          breaks instead of widening its grid past a phone's screen. Not in tables:
          they scroll inside their card, and there it would squeeze a column to one letter. */}
      <div className="min-w-0 [overflow-wrap:anywhere] [&_table]:[overflow-wrap:normal]">
        <Outlet />
      </div>
    </div>
  );
}

function NewCount({ n }: { n: number }) {
  const t = useT();
  if (!n) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {n}
      <span className="sr-only"> {t("admin.nav.new", { count: n })}</span>
    </span>
  );
}
