import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { ShouldRevalidateFunction } from "react-router";
import { Suspense, useEffect } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { OpenGraphLocales } from "./components/layout/open-graph-locales";
import { Toaster } from "./components/toaster";
import { loadRootData, type RootData } from "./lib/root-data.server";
import { heldFormsFor } from "./modules/requests/form-draft.server";
import { useNonce } from "./lib/nonce";
import { markHydrated } from "./lib/hydration";
import { loadWhenIdle, preloadable } from "./lib/preloadable";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rootData, headers } = await loadRootData(request, context.messageNamespaces, context.standInUser);
  rootData.heldForms = await heldFormsFor(request, rootData.user?.id);
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

/*
 * The inline scripts below are written on the server only (`import.meta.env.SSR ? … : ""`): in
 * the browser they have already run from the HTML, so the client bundle drops their text, and
 * hydration keeps the server's script element as it is.
 */

/**
 * A press on the account menu's button before the menu's code has run (before any script of the
 * page, or while the menu's chunk loads) is remembered, and account-menu.tsx opens the menu when
 * it arrives: the page is painted before its scripts load (ADR 19), and a press there must not be
 * lost (ADR 20). Only for signed-in visitors, who have the menu. Remembered from the press's
 * start (a primary pointer going down, as Radix's button answers it) as well as its click (keys):
 * when the menu's code puts its own button in place mid-press, no click follows on either.
 */
const EARLY_MENU_PRESS = import.meta.env.SSR
  ? `(function(){function p(e){var t=e.target;if(!window.__menuMounted&&(e.type==="click"||(e.button===0&&!e.ctrlKey))&&t&&t.closest&&t.closest("[data-account-menu]"))window.__menuPressed=e}addEventListener("pointerdown",p,true);addEventListener("click",p,true)})()`
  : "";

/**
 * What a person types into a pre-filled textarea before its code hydrates it is kept. React 19
 * sets a textarea's text back to the server's as it hydrates it (initTextarea writes `value`
 * whenever the default is not empty; an input's typed value it leaves alone), so words added to
 * a provider's bio, or to a message a form sent back with its errors, vanished (ADR 20; the
 * loading race, seed 365711855). From the first paint: each keystroke into a textarea React does
 * not own yet is noted; when React then writes that textarea's default (a change of its children,
 * which a MutationObserver reports in the same task, before the next key or paint) the text and
 * caret are put back, once. Keystrokes after React owns it, a reset or a submit drop the note.
 */
const EARLY_TEXTAREA_KEEP = import.meta.env.SSR
  ? `(function(){var d=document,k=new WeakMap;function own(t){return Object.keys(t).some(function(n){return n.indexOf("__reactFiber$")===0})}d.addEventListener("input",function(e){var t=e.target;if(t instanceof HTMLTextAreaElement){if(own(t))k.delete(t);else k.set(t,[t.value,t.selectionStart,t.selectionEnd])}},true);function drop(e){var f=e.target;if(f&&f.querySelectorAll)f.querySelectorAll("textarea").forEach(function(t){k.delete(t)})}d.addEventListener("reset",drop,true);d.addEventListener("submit",drop,true);new MutationObserver(function(r){for(var i=0;i<r.length;i++){var t=r[i].target,v=k.get(t);if(v){k.delete(t);if(t.value!==v[0]){t.value=v[0];t.setSelectionRange(v[1],v[2])}}}}).observe(d,{childList:true,subtree:true})})()`
  : "";

/**
 * The skip link moves focus to the main content itself, from first paint on. Left to the
 * browser, a fragment navigation made while the page is still loading (its scripts not yet run,
 * or `<main>` not yet parsed) may put focus on its target only later, so the next Tab went from
 * the skip link into the header (ADR 20). Here the press focuses `<main>` at once, or as soon as
 * it is parsed. While the document is still arriving, a Tab that would have nowhere to go yet —
 * pressed on the skip link before `<main>`, or on `<main>` before any control in it — is held
 * and carried to the first control of the main content once that arrives (left to the browser it
 * went past the end of what was parsed, out of the page). The address gets `#main` as before,
 * without a history entry, but only once the page has loaded: Chromium focuses the address's
 * fragment target when a document finishes loading, which took focus back to `<main>` from the
 * control the person had tabbed on to. Every page has it; without JavaScript the link is a plain
 * fragment link.
 */
const EARLY_SKIP_PRESS = import.meta.env.SSR
  ? `addEventListener("click",function(e){var t=e.target,a=t&&t.closest&&t.closest("a.skip-link");if(!a||e.defaultPrevented||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;e.preventDefault();var m,p,d=document;function mark(){history.replaceState(history.state,"","#main")}if(d.readyState==="complete")mark();else addEventListener("load",mark,{once:true});function first(){var l=m.querySelectorAll("a[href],button,input,select,textarea,summary,[tabindex]");for(var i=0;i<l.length;i++){var x=l[i];if(x.tabIndex>=0&&!x.disabled&&x.getClientRects().length)return x}}function go(){if(!m&&(m=d.getElementById("main")))m.focus();if(p&&m&&d.activeElement===m){var f=first();if(f){p=0;f.focus()}}}go();if(d.readyState!=="loading")return;function tab(k){var f=d.activeElement;if(k.key==="Tab"&&!k.shiftKey&&(m?f===m&&!first():f===a)){k.preventDefault();p=1}}function done(){o.disconnect();removeEventListener("keydown",tab,true);d.removeEventListener("DOMContentLoaded",end)}function end(){go();done()}var o=new MutationObserver(function(){var f=d.activeElement;if(f!==a&&f!==m&&f!==d.body)done();else go()});o.observe(d,{childList:true,subtree:true});addEventListener("keydown",tab,true);d.addEventListener("DOMContentLoaded",end)},true)`
  : "";

/**
 * A page that arrives with a form's errors — the server's reply to a form posted before its code
 * had loaded — puts focus on the first field in error, as the form's own validation does in the
 * browser; left alone, focus was nowhere (the page's start), and a keyboard or screen-reader user
 * had to find what was wrong. Runs as the page is parsed (the script follows the content), and
 * only if the person has not focused anything yet. (Without JavaScript the errors are shown and
 * tied to their fields as before; focus stays where the browser puts it.)
 */
const FOCUS_FIRST_ERROR = import.meta.env.SSR
  ? `(function(){var d=document,a=d.activeElement;if(a&&a!==d.body)return;var f=d.querySelector("main form [aria-invalid=true]");if(f)f.focus()})()`
  : "";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // After every effect below it: from now on, what mounts was rendered in the browser.
  useEffect(markHydrated, []);
  // An error met later, in the browser, shows whole at once: its view's code is fetched while
  // nothing else is going on.
  useEffect(() => loadWhenIdle(ErrorContent.preload), []);
  const root = useRouteLoaderData<RootData>("root");
  // An error page says noindex itself. Canonical and hreflang links are the server's alone
  // (search-engine-links.server.ts), written into the head outside this tree.
  const error = useRouteError();
  return (
    <html lang={root?.contentLocale ?? "en-US"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
        <link rel="icon" href={root?.favicon ?? "/favicon.svg"} type="image/svg+xml" />
        {error ? <meta name="robots" content="noindex" /> : null}
        {root ? <OpenGraphLocales head={root.head} /> : null}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: EARLY_SKIP_PRESS }}
        />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_TEXTAREA_KEEP }} />
        {root?.user ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: EARLY_MENU_PRESS }}
          />
        ) : null}
      </head>
      <body className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FOCUS_FIRST_ERROR }} />
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

/** The error view's code loads on demand (components/layout/error-content.tsx says why). */
const ErrorContent = preloadable(() =>
  import("./components/layout/error-content").then((m) => m.ErrorContent),
);

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  // The server renders it in place (it waits for every part, entry.server.tsx); hydrating, React
  // keeps that HTML until the code is in.
  const body = (
    <Suspense fallback={null}>
      <ErrorContent error={error} root={root} />
    </Suspense>
  );
  // Without root data (the root loader itself failed) render a bare page, not the shell.
  if (!root) return <main id="main">{body}</main>;
  return (
    <Toaster flash={null}>
      <Shell>{body}</Shell>
    </Toaster>
  );
}
