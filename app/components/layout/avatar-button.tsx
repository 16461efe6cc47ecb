import type { ComponentPropsWithRef } from "react";
import { useT } from "~/lib/i18n/use-t";
import { initialsOf, type SessionUser } from "~/lib/auth/session";

/** The signed-in visitor's initials: the account menu's trigger, and its stand-in while it loads. */
export function AvatarButton({ user, ...props }: { user: SessionUser } & ComponentPropsWithRef<"button">) {
  const t = useT();
  const initials = initialsOf(user.name);
  return (
    <button
      type="button"
      data-account-menu=""
      // The name starts with the initials the button shows (WCAG 2.5.3, label in name), so
      // "click CT" works by voice; the rest says what it is and whose.
      aria-label={t("nav.accountMenu", { initials: initials || "?", name: user.name })}
      {...props}
      className="flex size-9 items-center justify-center rounded-full bg-teal-700 text-sm font-semibold text-white"
    >
      {initials || "?"}
    </button>
  );
}
