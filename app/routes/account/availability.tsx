import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { getFormProps } from "@conform-to/react";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { CheckboxField, FormError, TextField } from "~/components/form/field";
import { SubmitButton } from "~/components/form/form-actions";
import { useZodForm } from "~/components/form/use-zod-form";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { AWAY_INDEXES, fromForm, toForm, WEEKDAY_KEYS, WEEKDAYS } from "~/modules/providers/availability";
import { availabilitySchema } from "~/modules/providers/availability-schema";
import { availabilityFor, saveAvailability } from "~/modules/providers/availability.server";
import type { Route } from "./+types/availability";

export const handle = { messages: ["account", "availability", "form", "provider"] } satisfies MessagesHandle;

/**
 * A provider's availability: usual hours, days away, areas covered. Only the
 * provider's own (the session says whose); anyone without a provider profile gets a 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const availability = await availabilityFor(user.id);
  if (!availability) throw data(null, { status: 404 });
  return { values: toForm(availability) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!(await availabilityFor(user.id))) throw data(null, { status: 404 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: availabilitySchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!(await saveAvailability(user.id, fromForm(submission.value)))) throw data(null, { status: 404 });
  return redirectWithToast(href("/account/availability"), { title: t("availability.savedTitle"), description: t("availability.savedText") }, { status: 303 });
}

export default function AvailabilityPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <Section id="availability-title" title={t("availability.title")} className="card p-6">
      <p className="mt-2 text-slate-600">{t("availability.intro")}</p>
      <AvailabilityForm values={loaderData.values} lastResult={actionData?.result} />
    </Section>
  );
}

function AvailabilityForm({ values, lastResult }: { values: Record<string, string>; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(() => import("~/modules/providers/availability-schema"), (m) => m.availabilitySchema(t), lastResult, { defaultValue: values });
  const field = (name: string) => fields[name as keyof typeof fields]!;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-6">
      <FormError form={form} />
      <TextField field={field("areas")} label={t("availability.areas")} hint={t("availability.areasHint")} maxLength={500} required />

      <fieldset className="grid gap-3">
        <legend className="font-semibold">{t("availability.hours")}</legend>
        <p className="text-sm text-slate-600">{t("availability.hoursHint")}</p>
        {WEEKDAYS.map((d) => {
          const day = t(WEEKDAY_KEYS[d]);
          return (
            <div key={d} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-end">
              <CheckboxField field={field(d)} label={day} required={false} />
              <TextField field={field(`${d}From`)} type="time" label={t("availability.from", { day })} />
              <TextField field={field(`${d}To`)} type="time" label={t("availability.to", { day })} />
            </div>
          );
        })}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="font-semibold">{t("availability.away")}</legend>
        <p className="text-sm text-slate-600">{t("availability.awayHint")}</p>
        {AWAY_INDEXES.map((i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-2">
            <TextField field={field(`away${i}From`)} type="date" label={t("availability.awayFrom", { n: i })} />
            <TextField field={field(`away${i}To`)} type="date" label={t("availability.awayTo", { n: i })} />
          </div>
        ))}
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={navigation.state === "submitting"} label={t("availability.save")} />
        <Link to={href("/account")} className="btn-secondary">
          {t("availability.back")}
        </Link>
      </div>
    </Form>
  );
}
