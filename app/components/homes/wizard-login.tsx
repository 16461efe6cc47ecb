import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { href, Link, useNavigate } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/** Log In / Sign Up bring the visitor back to the wizard (the spec's "origin passed along"). */
const back = new URLSearchParams({ redirectTo: "/homes/new" }).toString();
const LOG_IN = `${href("/auth/login")}?${back}`;
const SIGN_UP = `${href("/auth/signup")}?${back}`;

/**
 * What a visitor who is not logged in gets on /homes/new (spec §2): the 'Login Required'
 * dialog; closing it goes to /homes. Before JavaScript runs, the same content is a panel.
 */
export function WizardLoginGate() {
  const t = useT();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const actions = (
    <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to={LOG_IN} className="btn-primary px-6">
        {t("wizard.logIn")}
      </Link>
      <Link to={SIGN_UP} className="btn-secondary px-6">
        {t("wizard.signUp")}
      </Link>
    </div>
  );

  if (!hydrated) {
    return (
      <section aria-labelledby="login-required" className="card mx-auto mt-8 max-w-lg p-8 text-center">
        <h2 id="login-required" className="text-xl font-semibold">
          {t("wizard.loginTitle")}
        </h2>
        <p className="mt-2 text-slate-600">{t("wizard.loginText")}</p>
        {actions}
        <Link to={href("/homes")} className="mt-6 inline-block text-sm font-medium text-teal-800 underline">
          {t("wizard.backToHomes")}
        </Link>
      </section>
    );
  }
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(href("/homes")))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-8 text-center shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-semibold">{t("wizard.loginTitle")}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">{t("wizard.loginText")}</Dialog.Description>
          {actions}
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={t("wizard.close")}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
