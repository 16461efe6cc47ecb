import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { ReactNode } from "react";
import { data, Form, type FormProps, href, Link } from "react-router";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { Section } from "~/components/ui/section";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessageKey } from "~/lib/i18n/translate";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv, getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { recordAudit } from "~/modules/admin/audit.server";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { adminMeta } from "~/modules/admin/meta";
import { describeOpen, eraseSubject, type OpenRequestLine } from "~/modules/privacy/erase.server";
import { findingsFor, includedReferences, type SubjectFindings, subjectDigest, subjectOfContact } from "~/modules/privacy/subject.server";
import { isRequestStatus, STATUS_LABEL_KEYS } from "~/modules/requests/status";
import { loaderAndActionHeaders } from "~/lib/http/route-headers";
import type { Route } from "./+types/privacy";

export const handle = { messages: ["admin.kind", "admin.nav", "admin.privacy", "admin.title", "status"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.privacy.title");

export const headers = loaderAndActionHeaders;

/**
 * Back office → Privacy: requests from people, with or without an account,
 * about their data. The operator types an address and/or a phone number and finds what
 * matches, downloads it in the personal export's format (privacy-export.tsx), or erases it after a confirmation
 * step (the same erasure as "Delete my account": modules/privacy/erase.server.ts). Every step
 * is a POST, so the address never sits in a URL or an access log, and each is audited with the
 * operator and a pseudonym of the subject, never the address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { headers: { "Cache-Control": "private, no-store" } });
}

type Query = { email: string; phone: string };
type ActionData =
  | { step: "error"; query: Query; error: string; open?: OpenRequestLine[] }
  | { step: "found" | "confirm" | "confirm-export"; query: Query; findings: SubjectFindings; changed?: boolean };

const INTENTS = ["find", "confirm", "confirm-export", "erase"];

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const { db } = getRuntime();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const query: Query = { email: String(form.get("email") ?? "").trim().slice(0, 254), phone: String(form.get("phone") ?? "").trim().slice(0, 40) };
  const subject = await subjectOfContact(db, query);
  if (!subject || !INTENTS.includes(intent)) {
    return data<ActionData>({ step: "error", query, error: t("admin.privacy.needOne") }, { status: 400 });
  }
  const entity = { entityType: "privacy-subject", entityId: subjectDigest(subject) };
  const findings = await findingsFor(db, subject);

  if (intent === "erase") {
    // Only what the operator saw and confirmed: anything new since then is shown first.
    if (String(form.get("included") ?? "") !== findings.included) {
      return data<ActionData>({ step: "confirm", query, findings, changed: true }, { status: 409 });
    }
    const outcome = await eraseSubject(admin.id, subject);
    if (!outcome.ok) {
      const open = outcome.reason === "open" ? describeOpen(outcome.open, t) : [];
      return data<ActionData>({ step: "error", query, error: t("admin.privacy.blocked"), open }, { status: 409 });
    }
    return redirectWithToast(
      href("/admin/privacy"),
      { title: t("admin.privacy.erasedTitle"), description: t("admin.privacy.erasedText", outcome.counts) },
      { status: 303 },
    );
  }

  const step = intent === "confirm" ? "confirm" : intent === "confirm-export" ? "confirm-export" : "found";
  const audited = { found: "privacy.find", confirm: "privacy.erase-confirm", "confirm-export": "privacy.export-confirm" } as const;
  await recordAudit(db, { actorId: admin.id, action: audited[step], ...entity, after: { ...includedReferences(findings), emails: findings.emails } });
  return data<ActionData>({ step, query, findings });
}

export default function AdminPrivacyPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useIntentBusy("find");
  const query = actionData?.query ?? { email: "", phone: "" };
  return (
    <div className="space-y-8">
      {/* The page's own heading (an h1, as on every back-office page), not a Section's h2. */}
      <section aria-labelledby="privacy-title" className="card p-6">
        <h1 id="privacy-title" className="text-2xl font-bold">
          {t("admin.privacy.title")}
        </h1>
        <p className="mt-2 text-slate-600">{t("admin.privacy.intro")}</p>
        <Form method="post" className="mt-6 grid max-w-xl gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="find" />
          <div>
            <label htmlFor="privacy-email" className="field-label">
              {t("admin.privacy.email")}
            </label>
            <input id="privacy-email" name="email" type="email" autoComplete="off" defaultValue={query.email} className="field-input" />
          </div>
          <div>
            <label htmlFor="privacy-phone" className="field-label">
              {t("admin.privacy.phone")}
            </label>
            <input id="privacy-phone" name="phone" type="tel" autoComplete="off" defaultValue={query.phone} className="field-input" />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("admin.privacy.find")}
            </button>
          </div>
        </Form>
        {actionData?.step === "error" ? (
          <div role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p>{actionData.error}</p>
            {actionData.open?.length ? (
              <ul className="mt-2 list-disc pl-6">
                {actionData.open.map((r) => (
                  <li key={r.reference}>
                    <Link to={href("/admin/requests/:reference", { reference: r.reference })} className="underline">
                      {r.reference}
                    </Link>{" "}
                    · {r.kindLabel} · {isRequestStatus(r.status) ? t(STATUS_LABEL_KEYS[r.status]) : r.status}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </section>
      {actionData && actionData.step !== "error" ? (
        <Findings query={query} findings={actionData.findings} step={actionData.step} changed={actionData.changed ?? false} />
      ) : null}
    </div>
  );
}

/**
 * A step on what was found: a post that carries the query (never in a URL), the step's intent
 * and, for a confirmation, what the operator saw and confirms (`included`).
 */
function SubjectButton({
  query,
  intent,
  included,
  label,
  className = "btn-secondary",
  ...form
}: { query: Query; intent?: string; included?: string; label: string; className?: string } & Pick<FormProps, "action" | "reloadDocument">) {
  return (
    <Form method="post" {...form}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {included ? <input type="hidden" name="included" value={included} /> : null}
      <input type="hidden" name="email" value={query.email} />
      <input type="hidden" name="phone" value={query.phone} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

/** One kind of record found: its heading, then the records, or that there are none. */
function Found({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <h3 className="mt-6 font-semibold">{title}</h3>
      {count ? children : <p className="mt-2 text-sm text-slate-600">{t("admin.privacy.none")}</p>}
    </>
  );
}

/** The last step before an export or an erasure: what it does, then confirm or go back. */
function ConfirmPanel({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className="mt-6 rounded-md border border-red-300 bg-red-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-red-900">
        {title}
      </h3>
      <p id={`${id}-text`} className="mt-2 text-sm text-red-900">
        {text}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">{children}</div>
    </section>
  );
}

function Findings({ query, findings, step, changed }: { query: Query; findings: SubjectFindings; step: "found" | "confirm" | "confirm-export"; changed: boolean }) {
  const t = useT();
  const format = useFormat();
  const status = (s: string) => (isRequestStatus(s) ? t(STATUS_LABEL_KEYS[s]) : s);
  const kind = (k: string) => (k in KIND_LABEL_KEYS ? t(KIND_LABEL_KEYS[k as keyof typeof KIND_LABEL_KEYS] as MessageKey) : k);
  const nothing = findings.accounts.length === 0 && findings.requests.length === 0 && findings.contactMessages.length === 0 && findings.reviews.length === 0 && findings.emails === 0;
  const requestLink = (reference: string) => (
    <Link to={href("/admin/requests/:reference", { reference })} className="font-medium text-teal-800 underline">
      {reference}
    </Link>
  );
  return (
    <Section id="findings-title" title={t("admin.privacy.results")} className="card p-6">
      {nothing ? (
        <p className="mt-2">{t("admin.privacy.none")}</p>
      ) : (
        <>
          {changed ? (
            <p role="alert" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {t("admin.privacy.changed")}
            </p>
          ) : null}
          <Found title={t("admin.privacy.accountsTitle")} count={findings.accounts.length}>
            <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("admin.privacy.accounts")}</p>
            <ul className="mt-2 space-y-1 text-sm">
              {findings.accounts.map((a) => (
                <li key={a.id}>
                  {a.name} · {a.email} · {a.role} · {format.date(a.createdAt)}
                </li>
              ))}
            </ul>
          </Found>
          <Found title={t("admin.privacy.requests")} count={findings.requests.length}>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="px-2 py-1">{t("admin.privacy.reference")}</th>
                    <th scope="col" className="px-2 py-1">{t("admin.privacy.kind")}</th>
                    <th scope="col" className="px-2 py-1">{t("admin.privacy.status")}</th>
                    <th scope="col" className="px-2 py-1">{t("admin.privacy.date")}</th>
                  </tr>
                </thead>
                <tbody>
                  {findings.requests.map((r) => (
                    <tr key={r.reference} className="border-t border-slate-200">
                      <td className="px-2 py-1">{requestLink(r.reference)}</td>
                      <td className="px-2 py-1">{kind(r.kind)}</td>
                      <td className="px-2 py-1">{status(r.status)}</td>
                      <td className="px-2 py-1">{format.date(r.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Found>
          <Found title={t("admin.privacy.contactMessages")} count={findings.contactMessages.length}>
            <ul className="mt-2 space-y-1 text-sm">
              {findings.contactMessages.map((m) => (
                <li key={m.reference}>
                  {requestLink(m.reference)} · {status(m.status)} · {format.date(m.createdAt)}
                </li>
              ))}
            </ul>
          </Found>
          <Found title={t("admin.privacy.reviews")} count={findings.reviews.length}>
            <ul className="mt-2 space-y-1 text-sm">
              {findings.reviews.map((r) => (
                <li key={r.id}>
                  {r.rating}/5 · {r.service} · {r.status} · {format.date(r.createdAt)}
                </li>
              ))}
            </ul>
          </Found>
          <p className="mt-6 text-sm">{t("admin.privacy.emails", { total: findings.emails })}</p>
          {step === "found" ? (
            <div className="mt-6 flex flex-wrap gap-3">
              <SubjectButton query={query} intent="confirm-export" label={t("admin.privacy.exportStart")} />
              <SubjectButton query={query} intent="confirm" label={t("admin.privacy.erase")} />
            </div>
          ) : null}
        </>
      )}
      {step === "confirm-export" && !nothing ? (
        <ConfirmPanel id="export" title={t("admin.privacy.exportTitle")} text={t("admin.privacy.exportText")}>
          {/* A native post: the answer is a file, not a page. */}
          <SubjectButton query={query} included={findings.included} action={href("/admin/privacy/export")} reloadDocument label={t("admin.privacy.export")} className="btn-primary" />
          <SubjectButton query={query} intent="find" label={t("admin.privacy.cancel")} />
        </ConfirmPanel>
      ) : null}
      {step === "confirm" && !nothing ? (
        <ConfirmPanel id="erase" title={t("admin.privacy.confirmTitle")} text={t("admin.privacy.confirmText")}>
          <SubjectButton query={query} intent="erase" included={findings.included} label={t("admin.privacy.confirm")} className="btn-primary bg-red-700 hover:bg-red-800" />
          <SubjectButton query={query} intent="find" label={t("admin.privacy.cancel")} />
        </ConfirmPanel>
      ) : null}
    </Section>
  );
}
