import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { href, NavLink, Outlet } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { providerOfUser } from "~/modules/providers/jobs.server";
import type { Route } from "./+types/layout";

export const handle = { messages: ["account"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "account.metaTitle", "account.metaTitle"),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // My Jobs is in the menu of verified providers only.
  return { user, provider: Boolean(await providerOfUser(user)) };
}

const SECTIONS: { to: string; key: MessageKey; end?: boolean }[] = [
  { to: href("/account"), key: "account.profile", end: true },
  { to: href("/account/bookings"), key: "account.bookings" },
  { to: href("/account/jobs"), key: "account.jobs" },
  { to: href("/account/listings"), key: "account.listings" },
  { to: href("/account/reviews"), key: "account.reviews" },
  { to: href("/account/security"), key: "account.security" },
  { to: href("/account/data"), key: "account.data" },
  { to: href("/account/delete"), key: "account.delete" },
];

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold [overflow-wrap:anywhere]">{t("account.welcome", { name: loaderData.user.name || t("account.guest") })}</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr]">
        {/* min-w-0: grid items default to their content's width, which pushed phones sideways. */}
        <nav aria-label={t("account.menu")} className="min-w-0">
          <ul className="flex flex-wrap gap-2 md:flex-col">
            {SECTIONS.filter((s) => s.to !== href("/account/jobs") || loaderData.provider).map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.end}
                  className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-900"
                >
                  {t(s.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
