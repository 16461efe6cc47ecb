import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { ShouldRevalidateFunction } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { LanguageAlternates } from "./components/layout/language-alternates";
import { Toaster } from "./components/toaster";
import { loadRootData, type RootData } from "./lib/root-data.server";
import { useNonce } from "./lib/nonce";
import { REQUEST_ID_ELEMENT, useRequestId } from "./lib/request-id";
import { markHydrated } from "./lib/hydration";
import { createTranslate } from "./lib/i18n/translate";
import { enErrors } from "./lib/i18n/messages/en-errors";
import type { Messages } from "./lib/i18n/translate";
import { refusalKey } from "./lib/http/http-error";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rootData, headers } = await loadRootData(request, context.messageNamespaces);
  return data(rootData, { headers });
}

/**
 * The root's data carries the texts of the page being shown, so it is fetched again when a
 * navigation changes page; the user and flash toast change through form submissions (log-in,
 * log-out, language, any action with a toast), which revalidate as usual. Autosaves don't.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET"
    ? formData?.get("intent") !== "autosave" && defaultShouldRevalidate
    : currentUrl.pathname !== nextUrl.pathname;

/**
 * A press on the account menu's button before the menu's code has run (before any script of the
 * page, or while the menu's chunk loads) is remembered, and account-menu.tsx opens the menu when
 * it arrives: the page is painted before its scripts load (ADR 19), and a press there must not be
 * lost (ADR 20). Only for signed-in visitors, who have the menu.
 */
const EARLY_MENU_PRESS = `addEventListener("click",function(e){var t=e.target;if(!window.__menuMounted&&t&&t.closest&&t.closest("[data-account-menu]"))window.__menuPressed=1},true)`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // After every effect below it: from now on, what mounts was rendered in the browser.
  useEffect(markHydrated, []);
  const root = useRouteLoaderData<RootData>("root");
  return (
    <html lang={root?.contentLocale ?? "en-US"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
        {root ? <LanguageAlternates origin={root.origin} /> : null}
        {root?.user ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_MENU_PRESS }} /> : null}
      </head>
      <body className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Toaster flash={loaderData.toast}>
      <Shell>
        <Outlet />
      </Shell>
    </Toaster>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  // Without root data, the error texts alone (every key this boundary asks for is among them).
  const t = createTranslate(
    root?.messages ?? (enErrors as Partial<Messages> as Messages),
    { brand: root?.brand ?? "GTA Connect" },
    root?.contentLocale,
  );
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const requestId = useRequestId();
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  const refused = isRouteErrorResponse(error) ? refusalKey(error.data) : undefined;
  const [title, text] = refused
    ? [t("error.refusedTitle"), t(refused)]
    : status === 404
      ? [t("notFound.title"), t("notFound.text")]
      : status === 403
        ? [t("error.forbiddenTitle"), t("error.forbiddenText")]
        : [t("error.title"), t("error.text")];
  const body = (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-teal-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      {status >= 500 && requestId ? (
        <p id={REQUEST_ID_ELEMENT} data-id={requestId} className="mt-2 text-sm text-slate-500">
          {t("error.reference", { id: requestId })}
        </p>
      ) : null}
      {/* A fresh document after an error, in the page's language space. */}
      <Link to="/" reloadDocument className="btn-primary mt-8 inline-flex">
        {t("notFound.home")}
      </Link>
    </section>
  );
  // Without root data (the root loader itself failed) render a bare page, not the shell.
  if (!root) return <main id="main">{body}</main>;
  return (
    <Toaster flash={null}>
      <Shell>{body}</Shell>
    </Toaster>
  );
}
