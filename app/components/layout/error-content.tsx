import { isRouteErrorResponse, Link } from "react-router";
import { refusalKey, refusalTexts } from "~/lib/http/http-error";
import { enErrors } from "~/lib/i18n/messages/en-errors";
import { rootTranslate } from "~/lib/i18n/packed-messages";
import { createTranslate, type Messages } from "~/lib/i18n/translate";
import { REQUEST_ID_ELEMENT, useRequestId } from "~/lib/request-id";
import type { RootData } from "~/lib/root-data";

/**
 * What the root error boundary says (status, title, text, a reference for a server error). Its
 * own chunk: only a page that meets an error needs it, and its last-resort English texts
 * (en-errors.ts) would otherwise ride on every page's first visit. root.tsx preloads it when the
 * page is idle, so an error met later, in the browser, shows whole at once.
 */
export function ErrorContent({ error, root }: { error: unknown; root: RootData | undefined }) {
  // Without root data, the error texts alone (every key this view asks for is among them): in
  // the reader's language when the refusal brought them, else in English.
  const texts = !root && isRouteErrorResponse(error) ? refusalTexts(error.data) : undefined;
  const t = root
    ? rootTranslate(root)
    : createTranslate({ ...enErrors, ...texts?.messages } as Partial<Messages> as Messages, { brand: "GTA Connect" }, texts?.lang);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const requestId = useRequestId();
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  const refused = isRouteErrorResponse(error) ? refusalKey(error.data) : undefined;
  const [title, text] = refused
    ? [status >= 500 ? t("error.unavailableTitle") : t("error.refusedTitle"), t(refused)]
    : status === 404
      ? [t("notFound.title"), t("notFound.text")]
      : status === 403
        ? [t("error.forbiddenTitle"), t("error.forbiddenText")]
        : [t("error.title"), t("error.text")];
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" lang={texts?.lang}>
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
}
