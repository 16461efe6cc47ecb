import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { pathInSpaceOf } from "~/lib/i18n/locales";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { cancelSchema } from "./cancel";
import { type CancelAccess, cancelByCustomer, ownRequestExists } from "./cancel.server";
import { rescheduleSchema } from "./reschedule";
import { rescheduleByCustomer } from "./reschedule.server";

/**
 * The action behind the customer's own forms, for both pages that show them (the status link's
 * and My Bookings' request page): cancel (ADR 41) and propose a new date and time (ADR 43), told
 * apart by `intent`. The route says who the customer is (`access`); a request that is not theirs
 * is a 404 before the post is read; bad input a 400 with the field's message and nothing written;
 * a request the move no longer fits a 409. Done, back to the page (in its language's URL space)
 * with a toast.
 */
export async function customerRequestAction(request: Request, access: CancelAccess, pagePath: string) {
  // Someone else's request, or no request: the 404 of the page, before reading what was posted.
  if (!(await ownRequestExists(access))) throw data("Not found", { status: 404 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const back = (title: string, description: string) => redirectWithToast(pathInSpaceOf(request.url, pagePath), { title, description }, { status: 303 });

  if (form.get("intent") === "reschedule") {
    const submission = parseWithZod(form, { schema: rescheduleSchema(t) });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const result = await rescheduleByCustomer(access, submission.value);
    if (!result.ok) {
      if (result.reason === "not-found") throw data("Not found", { status: 404 });
      if (result.reason === "same-time") return data({ result: submission.reply({ fieldErrors: { date: [t("reschedule.error.sameTime")] } }) }, { status: 400 });
      return data({ result: submission.reply({ formErrors: [t("reschedule.error.notAllowed")] }) }, { status: 409 });
    }
    return back(t("reschedule.toast.title"), t("reschedule.toast.text"));
  }

  const submission = parseWithZod(form, { schema: cancelSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await cancelByCustomer(access, { reason: submission.value.reason, note: submission.value.note ?? null });
  if (!result.ok) {
    if (result.reason === "not-found") throw data("Not found", { status: 404 });
    return data({ result: submission.reply({ formErrors: [t("cancel.error.notAllowed")] }) }, { status: 409 });
  }
  return back(t("cancel.toast.title"), t("cancel.toast.text"));
}
