import type { SubmissionResult } from "@conform-to/react";
import { preloadable } from "~/lib/preloadable";
import { LinkDialog, type LinkDialogState } from "~/components/link-dialog";
import { useT } from "~/lib/i18n/use-t";

/** Where `/cars?contact` puts the form before JavaScript runs (the link's fragment). */
export const CHAUFFEUR_CONTACT_ID = "chauffeur-contact";

/** The form's code (fields, validation) loads when the dialog opens or the form is shown inline. */
const ChauffeurContactForm = preloadable(() => import("./chauffeur-contact-form").then((m) => m.ChauffeurContactForm));

/** For the page's useLinkDialog: the dialog opens once the form can show in it. */
export const preloadChauffeurContact = ChauffeurContactForm.preload;

/** The dialog (or, before JavaScript, the inline form) on the cars hub. */
export function ChauffeurContactDialog({ dialog, returnTo, serverResult }: { dialog: LinkDialogState; returnTo: string; serverResult?: SubmissionResult<string[]> }) {
  const t = useT();
  return (
    <LinkDialog dialog={dialog} title={t("cars.contactTitle")} description={t("cars.contactText")} closeLabel={t("dialog.close")} width="lg" inlineClassName="mt-8 max-w-lg">
      {({ inline, close }) => <ChauffeurContactForm returnTo={returnTo} onDone={inline ? undefined : close} serverResult={serverResult} />}
    </LinkDialog>
  );
}
