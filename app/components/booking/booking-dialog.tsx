import { preloadable } from "~/lib/preloadable";
import { href, useLocation } from "react-router";
import { LinkDialog, type LinkDialogState, useLinkDialog } from "~/components/link-dialog";
import type { SessionUser } from "~/lib/auth/session";
import { useT } from "~/lib/i18n/use-t";
import type { BookingKind } from "./booking-form";

/** The form's code (fields, validation) loads when a signed-in visitor opens the dialog. */
const BookingForm = preloadable(() => import("./booking-form").then((m) => m.BookingForm));
/** A visitor's 'Login Required' buttons: shown only once the dialog opens (or inline), so loaded with it too. */
const LoginPrompt = preloadable(() => import("~/components/auth/login-prompt").then((m) => m.LoginPrompt));
/** What opening the dialog may show, for a signed-in user or a visitor. */
const preloadContent = () => Promise.all([BookingForm.preload(), LoginPrompt.preload()]);

/** Where the Log In / Sign Up buttons send a visitor, so the booking resumes afterwards. */
export function useResumeLinks() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("resume");
  params.delete("book");
  const here = location.pathname + (params.size ? `?${params}` : "");
  const query = new URLSearchParams({ redirectTo: here, resume: "requestBooking" });
  return { here, logIn: `${href("/auth/login")}?${query}`, signUp: `${href("/auth/signup")}?${query}` };
}

/**
 * The spec's openBookingModal: `?book` (a call to action followed before JavaScript loaded, or
 * a /request card) or `?resume=requestBooking` (back from log-in) opens the booking form.
 */
export const useBookingDialog = () => useLinkDialog({ param: "book", id: "booking", resume: "requestBooking", preload: preloadContent });

/**
 * The booking dialog (spec core.md §4): the form for a signed-in user; for a visitor, 'Login
 * Required' with Log In and Sign Up, which bring them back here with the dialog open.
 */
export function BookingDialog({
  dialog,
  kind,
  user,
  inlineClassName,
}: {
  dialog: LinkDialogState;
  kind: BookingKind;
  user: SessionUser | null;
  inlineClassName?: string;
}) {
  const t = useT();
  const links = useResumeLinks();
  return (
    <LinkDialog
      dialog={dialog}
      title={user ? t("booking.title") : t("booking.loginTitle")}
      description={user ? t("booking.description") : t("booking.loginText")}
      closeLabel={t("dialog.close")}
      inlineClassName={inlineClassName}
    >
      {({ inline, close }) =>
        user ? (
          <BookingForm kind={kind} user={user} returnTo={links.here} onCancel={inline ? undefined : close} onDone={close} />
        ) : (
          <LoginPrompt logIn={links.logIn} signUp={links.signUp} centered={!inline} />
        )
      }
    </LinkDialog>
  );
}
