import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { submitContext } from "~/modules/requests/requests.server";
import { data, href, Link } from "react-router";
import type { BookingKind } from "~/components/booking/booking-form";
import { formIsland } from "~/components/form/form-island";
import { getSessionUser, loginUrl, requireConsent } from "~/lib/auth/session.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { getAppEnv } from "~/lib/runtime.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { submitBooking, submitQuickBooking } from "~/modules/services/bookings.server";
import { answerWithReceipt, receiptOf } from "~/modules/requests/success.server";
import { clearBookingDraft, keepBookingDraft } from "~/modules/services/booking-draft.server";
import { redirectWith } from "~/lib/flash/flash.server";
import { bookingSchema, quickBookingSchema } from "~/modules/services/schema";
import type { Route } from "./+types/book";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["booking", "form", "serviceRequest", "success"], noindex: true } satisfies MessagesHandle;

/**
 * Booking requests from every booking form (service page dialog, home modal, search page).
 * `form` says which; `returnTo` is the page it came from (a refused post's draft goes back there).
 * Sent: the receipt, in the dialog or on the success page (answerWithReceipt).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const returnTo = safeRedirectPath(formData.get("returnTo"));
  const user = await getSessionUser(request);
  if (!user) {
    // Spec: submitting while logged out goes to log-in, and the booking resumes afterwards —
    // with what was typed, when the form was shown to an account (its session ended meanwhile).
    const back = new Request(new URL(returnTo, request.url), { method: "GET" });
    const draft = await keepBookingDraft(formData, returnTo);
    throw redirectWith(loginUrl(back, "requestBooking"), draft ? [draft] : []);
  }
  // A booking needs an account in good standing: the current Terms and Privacy Policy accepted.
  await requireConsent(request, user, returnTo);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  // The page it came from (a service page names the service booked).
  const back = new URL(returnTo, "http://x");

  if (formData.get("form") === "quick") {
    const submission = parseWithZod(formData, { schema: quickBookingSchema(t) });
    if (submission.status !== "success") {
      return data(
        { result: submission.reply(), kind: { form: "quick" } as BookingKind, returnTo },
        { status: 400 },
      );
    }
    const sent = await submitQuickBooking(submission.value, { ...(await submitContext(request, context, user)), user });
    return answerWithReceipt(formData, receiptOf(sent, { title: t("booking.quickSentTitle"), message: t("booking.quickSentText") }), await sentCookies(request));
  }
  const submission = parseWithZod(formData, { schema: bookingSchema(t) });
  if (submission.status !== "success") {
    const service = String(formData.get("service") ?? "").slice(0, 200);
    return data(
      { result: submission.reply(), kind: { form: "service", service } as BookingKind, returnTo },
      { status: 400 },
    );
  }
  // The service page it came from, so the back office can tell which service was booked.
  const serviceSlug = /^\/services\/([a-z0-9-]+)$/.exec(back.pathname)?.[1];
  const sent = await submitBooking(
    { ...submission.value, serviceSlug },
    { ...(await submitContext(request, context, user)), user },
  );
  return answerWithReceipt(formData, receiptOf(sent, { title: t("booking.sentTitle"), message: t("booking.sentText") }), await sentCookies(request));
}

/** A booking sent: a draft kept from an earlier refused post is done with. */
async function sentCookies(request: Request): Promise<string[]> {
  const clear = await clearBookingDraft(request);
  return clear ? [clear] : [];
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "booking.title", "booking.description"),
  { name: "robots", content: "noindex" },
];

/**
 * A booking posted without JavaScript that the server refused: the form again, with what was
 * typed and each field's message (with JavaScript the dialog shows them in place).
 */
// Shown only with a refused post's answer, so it hydrates at once (live validation while correcting).
const BookingForm = formIsland(() => import("~/components/booking/booking-form").then((m) => m.BookingForm), {
  eager: () => true,
});

export default function BookPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("booking.title")}</h1>
      {actionData && "kind" in actionData && user ? (
        <>
          <p className="mt-2 mb-6 text-slate-600">{t("booking.description")}</p>
          <BookingForm
            kind={actionData.kind}
            user={user}
            returnTo={actionData.returnTo}
            lastResult={actionData.result}
          />
        </>
      ) : (
        // Reached without a submission (a reload, a typed URL): the forms are on the service pages.
        <p className="mt-4 text-slate-600">
          <Link to={href("/services")} className="font-medium text-teal-800 underline">
            {t("booking.chooseService")}
          </Link>
        </p>
      )}
    </div>
  );
}
