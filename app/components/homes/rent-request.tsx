import type { SubmissionResult } from "@conform-to/react";
import { preloadable } from "~/lib/preloadable";
import { LinkDialog, type LinkDialogState, useLinkDialog } from "~/components/link-dialog";
import type { SessionUser } from "~/lib/auth/session";
import { useT } from "~/lib/i18n/use-t";
import type { RentTarget } from "./rent-request-form";

/** The form's code (fields, validation) loads when the dialog opens or the form is shown inline. */
const RentRequestForm = preloadable(() => import("./rent-request-form").then((m) => m.RentRequestForm));

/** `?rent` asks for the form; `refused`: the page answers a plain post that failed validation. */
export const useRentDialog = (refused: boolean) => useLinkDialog({ param: "rent", id: "rent-request", refused, preload: RentRequestForm.preload });

/** Request to Rent as a dialog, or inline before JavaScript runs. */
export function RentRequestDialog({
  dialog,
  listing,
  user,
  serverResult,
}: {
  dialog: LinkDialogState;
  listing: RentTarget;
  user: SessionUser | null;
  serverResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  return (
    <LinkDialog
      dialog={dialog}
      title={t("homes.rent.title")}
      description={t("homes.rent.description", { title: listing.title })}
      closeLabel={t("dialog.close")}
      inlineClassName=""
    >
      {({ inline, close }) => (
        <RentRequestForm
          listing={listing}
          user={user}
          onCancel={inline ? undefined : close}
          onDone={close}
          serverResult={serverResult}
          anchor={dialog.id}
        />
      )}
    </LinkDialog>
  );
}
