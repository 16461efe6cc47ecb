import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import type { z } from "zod";
import { TextAreaField, FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { useZodForm } from "~/components/form/use-zod-form";
import { useT } from "~/lib/i18n/use-t";
import type { RequestStatus } from "~/modules/requests/status";
import { AdminPanel } from "./admin-panel";
import { StatusBadge } from "./status-badge";

/**
 * A record the operator decides on (a listing, a provider application): a link back to its
 * queue, its name as the page's heading (as written: `translate="no"`), a line with the status
 * of the request it came in as and a link to it, then `meta`; then what there is to check,
 * and beside it (below it on a phone) the decision panel with anything that goes with it.
 */
export function AdminDecisionPage({
  id,
  back,
  backLabel,
  title,
  request,
  meta,
  aside,
  children,
}: {
  id: string;
  back: string;
  backLabel: string;
  title: string;
  request: { reference: string; status: RequestStatus } | null;
  meta?: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <article aria-labelledby={id} className="space-y-8">
      <div>
        <Link to={back} className="text-sm text-teal-800 underline">
          ← {backLabel}
        </Link>
        <h1 id={id} className="mt-3 text-2xl font-bold" translate="no">
          {title}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          {request ? (
            <>
              <StatusBadge status={request.status} />
              <Link to={href("/admin/requests/:reference", { reference: request.reference })} className="text-teal-800 underline">
                {t("admin.listing.request", { reference: request.reference })}
              </Link>
            </>
          ) : null}
          {meta}
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">{children}</div>
        <div className="space-y-6">{aside}</div>
      </div>
    </article>
  );
}

type Intent = "approve" | "reject";

/** What a decision's action answers when it refuses: which form, and that form's reply. */
export type DecisionAnswer = { intent: Intent; result: SubmissionResult<string[]> };

/** The reply for the form of `intent`, when the last answer was about it. */
function lastResultOf(answer: DecisionAnswer | undefined, intent: Intent) {
  return answer?.intent === intent ? answer.result : undefined;
}

/**
 * The decision panel: why there is no decision to make (when so); else approving (the record's
 * own form, given the reply it last came back with) and rejecting with a reason, each when allowed.
 */
export function DecisionPanel<Module>({
  id,
  note,
  can,
  answer,
  approve,
  reject,
}: {
  id: string;
  note: string | null;
  can: { approve: boolean; reject: boolean };
  answer: DecisionAnswer | undefined;
  approve: (lastResult: SubmissionResult<string[]> | undefined) => ReactNode;
  reject: Omit<RejectFormProps<Module>, "lastResult">;
}) {
  const t = useT();
  return (
    <AdminPanel id={id} title={t("admin.listing.decision")} className="card space-y-6 p-5">
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      {can.approve ? approve(lastResultOf(answer, "approve")) : null}
      {can.reject ? <RejectForm {...reject} lastResult={lastResultOf(answer, "reject")} /> : null}
    </AdminPanel>
  );
}

/**
 * One decision's form: its intent, the form's own error, the fields the decision needs, and a
 * button named for it. Approving is the panel's primary action; rejecting sits below a rule, in red.
 */
export function DecisionForm<Schema extends Record<string, unknown>>({
  intent,
  form,
  label,
  children,
}: {
  intent: Intent;
  form: FormMetadata<Schema, string[]>;
  label: string;
  children: ReactNode;
}) {
  const busy = useIntentBusy(intent);
  const reject = intent === "reject";
  return (
    <Form method="post" {...getFormProps(form)} className={reject ? "space-y-3 border-t border-slate-200 pt-5" : "space-y-3"}>
      <input type="hidden" name="intent" value={intent} />
      <FormError form={form} />
      {children}
      <SubmitButton busy={busy} label={label} className={reject ? "btn-secondary w-full border-red-300 text-red-800 hover:bg-red-50" : "btn-primary w-full"} />
    </Form>
  );
}

type RejectSchema = z.ZodObject<{ intent: z.ZodLiteral<"reject">; reason: z.ZodString }>;

type RejectFormProps<Module> = {
  id: string;
  load: () => Promise<Module>;
  pick: (module: Module) => RejectSchema;
  lastResult: SubmissionResult<string[]> | undefined;
  reasonLabel: string;
  label: string;
};

/**
 * Rejecting with a reason (the one the owner or applicant is emailed). `load` and `pick` give
 * the record's own schema, which the action parses too.
 */
function RejectForm<Module>({ id, load, pick, lastResult, reasonLabel, label }: RejectFormProps<Module>) {
  const [form, fields] = useZodForm(load, pick, lastResult, { id });
  return (
    <DecisionForm intent="reject" form={form} label={label}>
      <TextAreaField field={fields.reason} label={reasonLabel} required rows={4} />
    </DecisionForm>
  );
}
