import { Form, Link } from "react-router";
import { OutboxStatusBadge } from "~/components/admin/outbox-status-badge";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getOutboxMessage, resendOutboxMessage } from "~/modules/admin/outbox.server";
import { sandboxedEmailDocument } from "~/modules/admin/email-preview";
import { adminMeta } from "~/modules/admin/meta";
import type { Route } from "./+types/outbox-message";

export const handle = { messages: ["admin.outbox", "admin.title"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.outbox.messageTitle");

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** One email as it was queued: headers, the text body, and the HTML body in a sandboxed frame. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const message = await getOutboxMessage(params.id);
  if (!message) throw notFound();
  return { message };
}

/** Resend (a failed message only): back in the queue, due now, recorded in the audit log. */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") !== "resend") throw new Response("Unknown action", { status: 400 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const result = await resendOutboxMessage(params.id, admin.id);
  if (!result.ok && result.reason === "not-found") throw notFound();
  const back = `/admin/outbox/${params.id}`;
  return result.ok
    ? redirectWithToast(back, { title: t("admin.outbox.resentTitle"), description: t("admin.outbox.resentText") }, { status: 303 })
    : redirectWithToast(
        back,
        { title: t("admin.outbox.notResentTitle"), description: t("admin.outbox.notResentText"), variant: "destructive" },
        { status: 303 },
      );
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { message: m } = loaderData;
  // [label, value, a record as it was sent or logged (addresses, subject, ids, errors): not translated]
  const headers: [string, string | null, boolean?][] = [
    m.trimmed ? [t("admin.outbox.to"), t("admin.outbox.trimmed")] : [t("admin.outbox.to"), m.to, true],
    [t("admin.outbox.replyTo"), m.replyTo, true],
    [t("admin.outbox.subject"), m.subject, true],
    [t("admin.outbox.kind"), m.kind, true],
    [t("admin.outbox.messageId"), m.messageId, true],
    [t("admin.outbox.created"), dates.dateTime(m.createdAt)],
    [t("admin.outbox.sent"), m.sentAt ? dates.dateTime(m.sentAt) : t("admin.outbox.notSent")],
    [t("admin.outbox.attempts"), String(m.attempts)],
    [t("admin.outbox.nextAttempt"), m.status === "queued" ? dates.dateTime(m.nextAttemptAt) : null],
    [t("admin.outbox.lastError"), m.lastError, true],
  ];
  return (
    <article aria-labelledby="message-title" className="grid gap-6">
      <p>
        <Link to="/admin/outbox" className="text-sm font-medium text-teal-800 underline">
          ← {t("admin.outbox.back")}
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 id="message-title" className="min-w-0 text-2xl font-bold [overflow-wrap:anywhere]" translate="no">
          {m.subject}
        </h1>
        <OutboxStatusBadge status={m.status} />
      </div>

      {m.status === "failed" ? (
        <Form method="post" className="card flex flex-wrap items-center gap-4 border-red-200 bg-red-50 p-4">
          <p className="min-w-0 flex-1 text-sm text-red-900">{t("admin.outbox.resendHint")}</p>
          <button type="submit" name="intent" value="resend" className="btn-primary">
            {t("admin.outbox.resend")}
          </button>
        </Form>
      ) : null}

      <section aria-labelledby="headers-title" className="card p-4">
        <h2 id="headers-title" className="text-lg font-semibold">
          {t("admin.outbox.headers")}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {headers
            .filter(([, value]) => value)
            .map(([label, value, own]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]" translate={own ? "no" : undefined}>
                  {value}
                </dd>
              </div>
            ))}
          {m.requestReference ? (
            <div className="contents">
              <dt className="font-medium text-slate-600">{t("admin.outbox.request")}</dt>
              <dd translate="no">
                <Link to={`/admin/requests/${m.requestReference}`} className="font-mono text-teal-800 underline">
                  {m.requestReference}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      {m.trimmed ? (
        <section aria-labelledby="trimmed-title" className="card p-4">
          <h2 id="trimmed-title" className="text-lg font-semibold">
            {t("admin.outbox.textBody")}
          </h2>
          <p className="mt-3 text-sm text-slate-600">{t("admin.outbox.trimmedText")}</p>
        </section>
      ) : (
        <>
          <section aria-labelledby="text-title" className="card p-4">
            <h2 id="text-title" className="text-lg font-semibold">
              {t("admin.outbox.textBody")}
            </h2>
            <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" translate="no">
              {m.text}
            </pre>
          </section>

          <section aria-labelledby="html-title" className="card p-4">
            <h2 id="html-title" className="text-lg font-semibold">
              {t("admin.outbox.htmlBody")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("admin.outbox.htmlHint")}</p>
            {/*
              The message's HTML never becomes part of our page: it is the srcdoc of a frame with an
              empty sandbox (no scripts, no forms, no popups, an opaque origin, so it cannot reach our
              cookies or DOM), and its own policy forbids loading anything (no tracking pixels).
            */}
            <iframe
              title={t("admin.outbox.htmlFrame", { subject: m.subject })}
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={sandboxedEmailDocument(m.html)}
              className="mt-3 h-[32rem] w-full rounded-md border border-slate-200 bg-white"
            />
          </section>
        </>
      )}
    </article>
  );
}
