import { ButtonLinks } from "~/components/ui/button-links";
import { useT } from "~/lib/i18n/use-t";

/**
 * The 'Login Required' choice (spec: booking and the listing wizard): Log In and Sign Up, each
 * carrying the way back so the visitor resumes where they were. Its title and text belong to
 * the dialog or panel that holds it.
 */
export function LoginPrompt({ logIn, signUp, centered = false }: { logIn: string; signUp: string; centered?: boolean }) {
  const t = useT();
  return (
    <ButtonLinks
      className={`mt-6 flex flex-col gap-3 sm:flex-row ${centered ? "justify-center" : ""}`}
      size="px-6"
      links={[
        { to: logIn, label: t("loginPrompt.logIn") },
        { to: signUp, label: t("loginPrompt.signUp") },
      ]}
    />
  );
}
