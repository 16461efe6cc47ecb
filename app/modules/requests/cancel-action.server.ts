import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { pathInSpaceOf } from "~/lib/i18n/locales";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { cancelSchema } from "./cancel";
import { type CancelAccess, cancelByCustomer, ownRequestExists } from "./cancel.server";

/**
 * The action behind the customer's cancel form, for both pages that show it (the status link's
 * and My Bookings' request page): the route says who the customer is (`access`); bad input is a
 * 400 with the field's message and nothing written; a request that is not theirs a 404; one that
 * can no longer be cancelled a 409. Done, back to the page (in its language's URL space) with a toast.
 */
export async function customerCancelAction(request: Request, access: CancelAccess, pagePath: string) {
  // Someone else's request, or no request: the 404 of the page, before reading what was posted.
  if (!(await ownRequestExists(access))) throw data("Not found", { status: 404 });
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: cancelSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await cancelByCustomer(access, { reason: submission.value.reason, note: submission.value.note ?? null });
  if (!result.ok) {
    if (result.reason === "not-found") throw data("Not found", { status: 404 });
    return data({ result: submission.reply({ formErrors: [t("cancel.error.notAllowed")] }) }, { status: 409 });
  }
  return redirectWithToast(pathInSpaceOf(request.url, pagePath), { title: t("cancel.toast.title"), description: t("cancel.toast.text") }, { status: 303 });
}
