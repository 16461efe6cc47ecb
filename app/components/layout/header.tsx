import { lazy, useEffect, useState } from "react";
import { ServerHtmlBoundary } from "~/components/form/server-html-boundary";
import { Form, href, Link, NavLink, useLocation } from "react-router";
import { trackClick } from "~/lib/analytics";
import type { SessionUser } from "~/lib/auth/session";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { LanguagePicker } from "./language-picker";
import { useCloseOnNavigation } from "./use-close-on-navigation";

/** The header gains its scrolled style past this many pixels (spec core.md §9). */
export const HEADER_SCROLL_THRESHOLD_PX = 8;

const MAIN_NAV = [
  { to: href("/services"), key: "nav.services" },
  { to: href("/cars"), key: "nav.cars" },
  { to: href("/homes"), key: "nav.homes" },
  { to: href("/request"), key: "nav.request" },
] as const;

export function Header() {
  const t = useT();
  const { user, brand, logo } = useRootData();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const authLinks = useAuthLinks();

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className="sticky top-0 z-40 border-b border-transparent bg-white/95 transition-shadow data-[scrolled=true]:border-slate-200 data-[scrolled=true]:shadow-sm"
    >
      <a href="#main" className="skip-link">
        {t("shell.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label={t("shell.logoLabel")}>
          <img src={logo} alt="" width={32} height={32} />
          <span translate="no">{brand}</span>
        </Link>

        <nav aria-label={t("shell.mainNav")} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link">
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <LanguagePicker />
          <Link
            to={href("/provider-signup")}
            className="nav-link hidden sm:inline-flex"
            onClick={() => trackClick("For Providers Click")}
          >
            {t("nav.forProviders")}
          </Link>
          {user ? (
            <AccountMenuSlot user={user} />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={authLinks.logIn} className="btn-ghost" onClick={() => trackClick("Login Click")}>
                {t("nav.logIn")}
              </Link>
              <Link to={authLinks.signUp} className="btn-primary" onClick={() => trackClick("Sign Up Click")}>
                {t("nav.signUp")}
              </Link>
            </div>
          )}
          <MobileMenu user={user} authLinks={authLinks} />
        </div>
      </div>
    </header>
  );
}

/**
 * The account menu is Radix's dropdown (roving focus, typeahead, positioning: ~17 KB gzip), and
 * only signed-in visitors have one, so it loads with their first page rather than everyone's.
 * Until it has, the server's button stays (never re-rendered away: ADR 20), and a press on it is
 * kept (root.tsx) and opens the menu when it arrives.
 */
const AccountMenu = lazy(() => import("./account-menu"));

function AccountMenuSlot({ user }: { user: SessionUser }) {
  return (
    <ServerHtmlBoundary>
      <AccountMenu user={user} />
    </ServerHtmlBoundary>
  );
}

/** A disclosure, so the phone menu opens before JavaScript has loaded. */
function MobileMenu({ user, authLinks }: { user: SessionUser | null; authLinks: { logIn: string; signUp: string } }) {
  const t = useT();
  const ref = useCloseOnNavigation();
  return (
    <details ref={ref} className="disclosure relative md:hidden">
      <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100">
        <span className="sr-only">{t("nav.menu")}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <nav
        aria-label={t("nav.menu")}
        className="absolute right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul className="grid gap-1">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="menu-item block">
                {t(item.key)}
              </NavLink>
            </li>
          ))}
          <li>
            <Link to={href("/provider-signup")} className="menu-item block" onClick={() => trackClick("For Providers Click")}>
              {t("nav.forProviders")}
            </Link>
          </li>
          {user ? (
            <>
              <li>
                <Link to={href("/account")} className="menu-item block">
                  {t("nav.myAccount")}
                </Link>
              </li>
              {user.role === "admin" ? (
                <li>
                  <Link to={href("/admin")} className="menu-item block">
                    {t("nav.admin")}
                  </Link>
                </li>
              ) : null}
              <li>
                <Form method="post" action="/auth/logout">
                  <button type="submit" className="menu-item w-full text-left">
                    {t("nav.logOut")}
                  </button>
                </Form>
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to={authLinks.logIn} className="menu-item block" onClick={() => trackClick("Login Click")}>
                  {t("nav.logIn")}
                </Link>
              </li>
              <li>
                <Link to={authLinks.signUp} className="menu-item block" onClick={() => trackClick("Sign Up Click")}>
                  {t("nav.signUp")}
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </details>
  );
}

/**
 * Log In goes to the log-in page and Sign Up to /signup (the spec sent both to a
 * pre-registration page; see docs/decisions/0004-accounts.md); both come back here afterwards.
 */
function useAuthLinks() {
  const location = useLocation();
  const here = location.pathname + location.search;
  const onAuthPage = location.pathname.startsWith("/auth") || location.pathname === "/signup";
  const query = here === "/" || onAuthPage ? "" : `?${new URLSearchParams({ redirectTo: here })}`;
  return { logIn: `${href("/auth/login")}${query}`, signUp: `${href("/signup")}${query}` };
}

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}
