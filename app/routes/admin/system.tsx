import { parseWithZod } from "@conform-to/zod/v4";
import { Fragment, type ReactNode } from "react";
import { data, Form } from "react-router";
import { adminCell, adminOneLineCell, AdminTable } from "~/components/admin/admin-table";
import { FormError } from "~/components/admin/form-error";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { KIND_LABEL_KEYS } from "~/modules/admin/labels";
import { WINDOW_HOURS_MAX, WINDOW_HOURS_MIN, windowsSchema } from "~/modules/providers/jobs";
import { listWindows, setWindows } from "~/modules/providers/jobs.server";
import { LATE_HOURS_MAX, LATE_HOURS_MIN, lateWindowsSchema } from "~/modules/requests/late-windows";
import { listLateWindows, setLateWindows } from "~/modules/requests/late-windows.server";
import { useFormat } from "~/lib/i18n/format";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { systemReportFor } from "~/modules/admin/system.server";
import type { Route } from "./+types/system";

export const handle = { messages: ["admin.inbox", "admin.kind", "admin.moderation", "admin.nav", "admin.next", "admin.pageOf", "admin.pagination", "admin.previous", "admin.system", "admin.title", "jobs"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.system.title");

/**
 * The system page (ADR 22): processes, database, outbox, jobs, disks, recent problems.
 * Each view by an admin is recorded in the audit log; anyone else is refused before that.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [report, windows, lateWindows] = await Promise.all([systemReportFor(admin, context.clientIp ?? null), listWindows(), listLateWindows()]);
  return { ...report, windows, lateWindows };
}

/**
 * Two forms here: how long a matched provider has to answer, per kind (ADR 24), and the window
 * before an appointment inside which a customer's cancellation is late (ADR 43). Anything else
 * posted is refused as before; the guard comes first (a layout loader protects no action).
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "windows" && intent !== "late-windows") throw new Response(null, { status: 405, headers: { Allow: "GET, HEAD, OPTIONS" } });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  if (intent === "late-windows") {
    const late = parseWithZod(form, { schema: lateWindowsSchema(t) });
    if (late.status !== "success") return data({ result: late.reply() }, { status: 400 });
    const { intent: _late, ...hours } = late.value;
    await setLateWindows(admin, hours);
    return redirectWithToast("/admin/system#system-late-windows", { title: t("jobs.lateWindow.savedTitle"), description: t("jobs.lateWindow.savedText") }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: windowsSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent: _intent, ...windows } = submission.value;
  await setWindows(admin, windows);
  return redirectWithToast("/admin/system#system-windows", { title: t("jobs.window.savedTitle"), description: t("jobs.window.savedText") }, { status: 303 });
}

const PROCESS_STATE_KEYS = { running: "admin.system.stateRunning", silent: "admin.system.stateSilent", gone: "admin.system.stateGone" } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function System({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const f = useFormat();
  const r = loaderData;
  const megabytes = (bytes: number | null) => (bytes === null ? t("admin.system.unknown") : t("admin.system.megabytes", { n: f.number(bytes / 1e6) }));
  const when = (iso: string | null) => (iso ? f.dateTime(iso) : "—");
  // Which of the two forms a refused post belongs to: its errors show on that form only.
  const lateRefused = (actionData?.result.initialValue as { intent?: string } | undefined)?.intent === "late-windows";
  const windowsResult = lateRefused ? undefined : actionData?.result;
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-2xl font-bold">{t("admin.system.title")}</h1>
        <p className="mt-1 text-slate-600">{t("admin.system.intro")}</p>
        {r.viewNotRecorded ? (
          <p role="status" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {t("admin.system.viewNotRecorded")}
          </p>
        ) : null}
      </div>

      <Section id="system-processes" title={t("admin.system.processes")}>
        <AdminTable
          caption={t("admin.system.processes")}
          head={[t("admin.system.host"), t("admin.system.pid"), t("admin.system.state"), t("admin.system.version"), t("admin.system.built"), t("admin.system.started"), t("admin.system.seen")]}
        >
          {r.processes.map((p) => (
            <tr key={`${p.host}:${p.pid}`} data-pid={p.pid} data-state={p.state}>
              <td className={adminCell} translate="no">{p.host}</td>
              <td className={`${adminCell} tabular-nums`}>
                {p.pid}
                {p.host === r.thisProcess.host && p.pid === r.thisProcess.pid ? (
                  <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs text-teal-900">{t("admin.system.thisProcess")}</span>
                ) : null}
              </td>
              <td className={p.state === "running" ? adminCell : `${adminCell} font-semibold text-red-800`}>{t(PROCESS_STATE_KEYS[p.state])}</td>
              <td className={adminCell} translate="no">{p.version}</td>
              <td className={adminOneLineCell}>{when(p.builtAt)}</td>
              <td className={adminOneLineCell}>{when(p.startedAt)}</td>
              {/* In seconds: a process that stopped beating shows within a few (process-info.server.ts). */}
              <td className={`${adminOneLineCell} tabular-nums`}>{t("admin.system.seenAgo", { n: f.number(p.seenSecondsAgo) })}</td>
            </tr>
          ))}
        </AdminTable>
      </Section>

      <Section id="system-database" title={t("admin.system.database")}>
        <dl className="card grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 p-4 text-sm">
          <dt className="font-medium">{t("admin.system.databaseKind")}</dt>
          <dd translate="no">{r.database.kind === "postgres" ? "PostgreSQL" : "SQLite"}</dd>
          <dt className="font-medium">{t("admin.system.databaseSize")}</dt>
          <dd data-testid="database-size">{megabytes(r.database.bytes)}</dd>
          {r.disks.map((d) => (
            // A fragment, not a <div>: a <dl> groups its pairs in <div>s all or none (Nu HTML Checker).
            <Fragment key={d.folder}>
              <dt className="font-medium">{t(d.folder === "data" ? "admin.system.diskData" : "admin.system.diskUploads")}</dt>
              <dd {...(d.low ? { "data-disk-low": "", className: "font-semibold text-red-800" } : {})}>
                {t("admin.system.diskFree", { free: megabytes(d.freeBytes), total: megabytes(d.totalBytes) })}
                {d.low ? <span className="block">{t("admin.system.diskLow", { min: f.number(r.minFreeMb) })}</span> : null}
              </dd>
            </Fragment>
          ))}
        </dl>
      </Section>

      <Section id="system-outbox" title={t("admin.system.outbox")}>
        <dl className="card grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 p-4 text-sm">
          <dt className="font-medium">{t("admin.system.outboxWaiting")}</dt>
          <dd data-testid="outbox-waiting" className="tabular-nums">{f.number(r.outbox.waiting)}</dd>
          <dt className="font-medium">{t("admin.system.outboxRetrying")}</dt>
          <dd className="tabular-nums">{f.number(r.outbox.retrying)}</dd>
          <dt className="font-medium">{t("admin.system.outboxFailed")}</dt>
          <dd data-testid="outbox-failed" className={`tabular-nums ${r.outbox.failed ? "font-semibold text-red-800" : ""}`}>{f.number(r.outbox.failed)}</dd>
          <dt className="font-medium">{t("admin.system.outboxOldest")}</dt>
          <dd>{r.outbox.oldestWaitingAt ? f.dateTime(r.outbox.oldestWaitingAt) : t("admin.system.outboxNoneWaiting")}</dd>
        </dl>
      </Section>

      <Section id="system-jobs" title={t("admin.system.jobs")}>
        {r.jobs.length === 0 ? (
          <p className="card p-6 text-slate-600">{t("admin.system.jobsNone")}</p>
        ) : (
          <AdminTable caption={t("admin.system.jobs")} head={[t("admin.system.job"), t("admin.system.jobDay"), t("admin.system.started"), t("admin.system.jobFinished")]}>
            {r.jobs.map((j) => (
              <tr key={`${j.name}:${j.day}`}>
                <td className={adminCell} translate="no">{j.name}</td>
                <td className={adminOneLineCell}>{f.calendarDay(j.day)}</td>
                <td className={adminOneLineCell}>{when(j.claimedAt)}</td>
                <td className={adminOneLineCell}>{j.finishedAt ? when(j.finishedAt) : t("admin.system.jobUnfinished")}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Section>

      <Section id="system-windows" title={t("jobs.window.title")}>
        <p className="text-sm text-slate-600">{t("jobs.window.intro")}</p>
        <Form method="post" className="card grid gap-3 p-4">
          <input type="hidden" name="intent" value="windows" />
          <div className="grid gap-3 sm:grid-cols-2">
            {r.windows.map((w) => (
              <label key={w.kind} className="grid gap-1">
                <span className="field-label">{t("jobs.window.hours", { kind: t(KIND_LABEL_KEYS[w.kind]) })}</span>
                <input
                  type="number"
                  name={w.kind}
                  inputMode="numeric"
                  min={WINDOW_HOURS_MIN}
                  max={WINDOW_HOURS_MAX}
                  step={1}
                  required
                  defaultValue={w.hours}
                  className="field-input"
                  aria-invalid={Boolean(windowsResult?.error?.[w.kind]?.length) || undefined}
                  aria-describedby={windowsResult?.error?.[w.kind]?.length ? `${w.kind}-error` : undefined}
                />
                <FormError result={windowsResult} name={w.kind} />
              </label>
            ))}
          </div>
          <button type="submit" className="btn-primary justify-self-start">
            {t("jobs.window.save")}
          </button>
        </Form>
      </Section>

      <Section id="system-late-windows" title={t("jobs.lateWindow.title")}>
        <p className="text-sm text-slate-600">{t("jobs.lateWindow.intro")}</p>
        <Form method="post" className="card grid gap-3 p-4">
          <input type="hidden" name="intent" value="late-windows" />
          <div className="grid gap-3 sm:grid-cols-2">
            {r.lateWindows.map((w) => {
              const error = lateRefused ? actionData?.result.error?.[w.kind] : undefined;
              return (
                <label key={w.kind} className="grid gap-1">
                  <span className="field-label">{t("jobs.lateWindow.hours", { kind: t(KIND_LABEL_KEYS[w.kind]) })}</span>
                  <input
                    type="number"
                    name={w.kind}
                    inputMode="numeric"
                    min={LATE_HOURS_MIN}
                    max={LATE_HOURS_MAX}
                    step={1}
                    required
                    defaultValue={w.hours}
                    className="field-input"
                    aria-invalid={Boolean(error?.length) || undefined}
                    aria-describedby={error?.length ? `late-${w.kind}-error` : undefined}
                  />
                  {error?.length ? (
                    <p id={`late-${w.kind}-error`} role="alert" className="field-error">
                      {error.join(" ")}
                    </p>
                  ) : null}
                </label>
              );
            })}
          </div>
          <button type="submit" className="btn-primary justify-self-start">
            {t("jobs.lateWindow.save")}
          </button>
        </Form>
      </Section>

      <Section id="system-backups" title={t("admin.system.backups")}>
        <dl className="card grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 p-4 text-sm">
          <dt className="font-medium">{t("admin.system.backupLast")}</dt>
          <dd data-testid="backup-last">{r.backups.last ? f.dateTime(r.backups.last.createdAt) : t("admin.system.backupsNone")}</dd>
          {r.backups.last ? (
            <>
              <dt className="font-medium">{t("admin.system.backupSize")}</dt>
              <dd data-testid="backup-size">{megabytes(r.backups.last.bytes)}</dd>
              <dt className="font-medium">{t("admin.system.backupCount")}</dt>
              <dd className="tabular-nums">{f.number(r.backups.last.count)}</dd>
            </>
          ) : null}
        </dl>
        <p className="text-sm text-slate-600">{t(r.backups.scheduled ? "admin.system.backupScheduled" : "admin.system.backupManual")}</p>
      </Section>

      <Section id="system-problems" title={t("admin.system.problems")}>
        <p className="text-sm text-slate-600">{t("admin.system.problemsIntro")}</p>
        {r.problems.length === 0 ? (
          <p className="card p-6 text-slate-600">{t("admin.system.problemsNone")}</p>
        ) : (
          // A message can be a long sentence: on a phone the table scrolls in its card rather than
          // squeezing it into a column a few letters wide.
          <AdminTable
            caption={t("admin.system.problems")}
            head={[t("admin.system.time"), t("admin.system.level"), t("admin.system.event"), t("admin.system.message"), t("admin.system.requestId")]}
            minWidth="min-w-[48rem]"
          >
            {r.problems.map((p, i) => (
              <tr key={`${p.time}:${i}`} data-level={p.level}>
                <td className={`${adminCell} whitespace-nowrap`}>{when(p.time)}</td>
                <td className={adminCell} translate="no">{p.level}</td>
                <td className={adminCell} translate="no">{p.event ?? "—"}</td>
                <td className={`${adminCell} break-all`} translate="no">
                  {[p.msg, p.err?.type, p.err?.message].filter(Boolean).join(" · ")}
                </td>
                <td className={`${adminCell} font-mono text-xs`} translate="no">{p.reqId ?? "—"}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Section>
    </div>
  );
}
