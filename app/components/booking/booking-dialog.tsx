import * as Dialog from "@radix-ui/react-dialog";
import { href, Link, useLocation } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import { BookingForm, type BookingKind } from "./booking-form";

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
 * The booking dialog (spec core.md §4): the form for a signed-in user; for a visitor, 'Login
 * Required' with Log In and Sign Up, which bring them back here with the dialog open.
 */
export function BookingDialog({
  open,
  onOpenChange,
  kind,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: BookingKind;
  user: SessionUser | null;
}) {
  const t = useT();
  const links = useResumeLinks();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          {user ? (
            <>
              <Dialog.Title className="text-xl font-semibold">{t("booking.title")}</Dialog.Title>
              <Dialog.Description className="mt-1 mb-5 text-sm text-slate-600">{t("booking.description")}</Dialog.Description>
              <BookingForm
                kind={kind}
                user={user}
                returnTo={links.here}
                onCancel={() => onOpenChange(false)}
                onDone={() => onOpenChange(false)}
              />
            </>
          ) : (
            <LoginRequired logIn={links.logIn} signUp={links.signUp} />
          )}
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={t("booking.close")}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LoginRequired({ logIn, signUp }: { logIn: string; signUp: string }) {
  const t = useT();
  return (
    <div className="text-center">
      <Dialog.Title className="text-xl font-semibold">{t("booking.loginTitle")}</Dialog.Title>
      <Dialog.Description className="mt-2 text-slate-600">{t("booking.loginText")}</Dialog.Description>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={logIn} className="btn-primary">
          {t("booking.logIn")}
        </Link>
        <Link to={signUp} className="btn-secondary">
          {t("booking.signUp")}
        </Link>
      </div>
    </div>
  );
}

/**
 * The same content inline, for the page rendered by the server when JavaScript is not (yet)
 * running: the call-to-action links to `?book`, and a log-in brings back `?resume=…`.
 */
export function InlineBooking({ kind, user }: { kind: BookingKind; user: SessionUser | null }) {
  const t = useT();
  const links = useResumeLinks();
  return (
    <section id="booking" aria-labelledby="booking-inline-title" className="card mt-8 p-6">
      <h2 id="booking-inline-title" className="text-xl font-semibold">
        {user ? t("booking.title") : t("booking.loginTitle")}
      </h2>
      {user ? (
        <div className="mt-4">
          <BookingForm kind={kind} user={user} returnTo={links.here} />
        </div>
      ) : (
        <div className="mt-4">
          <p className="text-slate-600">{t("booking.loginText")}</p>
          <div className="mt-4 flex gap-3">
            <Link to={links.logIn} className="btn-primary">
              {t("booking.logIn")}
            </Link>
            <Link to={links.signUp} className="btn-secondary">
              {t("booking.signUp")}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
