import { useEffect, useState } from "react";
import { href, Link, useNavigate } from "react-router";
import { LoginPrompt } from "~/components/auth/login-prompt";
import { Dialog } from "~/components/ui/dialog";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";

/** Log In / Sign Up bring the visitor back to the wizard (the spec's "origin passed along"). */
const back = new URLSearchParams({ redirectTo: "/homes/new" }).toString();
const LOG_IN = `${href("/auth/login")}?${back}`;
const SIGN_UP = `${href("/auth/signup")}?${back}`;

/**
 * What a visitor who is not logged in gets on /homes/new (spec §2): the 'Login Required'
 * dialog; closing it goes to /homes. Before JavaScript runs, the same content is a panel, which
 * stays in place under the dialog once it opens: taking it away would move everything below it
 * (a layout shift of 0.19 on a phone). The modal dialog hides it from assistive
 * technology and keeps the focus.
 */
export function WizardLoginGate() {
  const t = useT();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <>
      <Section id="login-required" title={t("wizard.loginTitle")} className="card mx-auto mt-8 max-w-lg p-8 text-center">
        <p className="mt-2 text-slate-600">{t("wizard.loginText")}</p>
        <LoginPrompt logIn={LOG_IN} signUp={SIGN_UP} centered />
        <Link to={href("/homes")} className="mt-6 inline-block text-sm font-medium text-teal-800 underline">
          {t("wizard.backToHomes")}
        </Link>
      </Section>
      {hydrated ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : navigate(href("/homes")))}
          title={t("wizard.loginTitle")}
          description={t("wizard.loginText")}
          closeLabel={t("dialog.close")}
          width="md"
          centered
        >
          <LoginPrompt logIn={LOG_IN} signUp={SIGN_UP} centered />
        </Dialog>
      ) : null}
    </>
  );
}
