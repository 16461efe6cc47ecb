import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getSessionUser, loginUrl } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { submitBooking, submitQuickBooking } from "~/modules/services/bookings.server";
import { bookingSchema, quickBookingSchema } from "~/modules/services/schema";
import type { Route } from "./+types/book";
import { readForm } from "~/lib/http/form.server";

/**
 * Booking requests from every booking form (service page dialog, home modal, search page).
 * `form` says which; `returnTo` is the page it came from, where the toast is shown.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const returnTo = safeRedirectPath(formData.get("returnTo"));
  const user = await getSessionUser(request);
  if (!user) {
    // Spec: submitting while logged out goes to log-in, and the booking resumes afterwards.
    const back = new Request(new URL(returnTo, request.url), { method: "GET" });
    throw redirect(loginUrl(back, "requestBooking"));
  }
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  // Back to the page without the parameters that opened the form.
  const back = new URL(returnTo, "http://x");
  back.searchParams.delete("book");
  back.searchParams.delete("resume");
  const backPath = back.pathname + back.search;

  if (formData.get("form") === "quick") {
    const submission = parseWithZod(formData, { schema: quickBookingSchema(t) });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    await submitQuickBooking(submission.value, { user, clientIp: context.clientIp });
    return redirectWithToast(backPath, { title: t("booking.quickSentTitle"), description: t("booking.quickSentText") }, { status: 303 });
  }
  const submission = parseWithZod(formData, { schema: bookingSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await submitBooking(submission.value, { user, clientIp: context.clientIp });
  return redirectWithToast(backPath, { title: t("booking.sentTitle"), description: t("booking.sentText") }, { status: 303 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
