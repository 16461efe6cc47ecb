import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useState } from "react";
import { href, Link, useSubmit } from "react-router";
import { useT } from "~/lib/i18n/use-t";
import type { SessionUser } from "~/lib/auth/session";
import { AvatarButton } from "./avatar-button";

/** The signed-in visitor's menu, loaded on demand by the header (see AccountMenuSlot there). */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const submit = useSubmit();
  const [open, setOpen] = useState(false);
  // Pressed before this code ran (the page shows the same button until then): root.tsx's
  // EARLY_MENU_PRESS wrote it down; the menu opens now instead of the press being lost (ADR 20).
  // Unless this runs while that very press is being handed out: a press on this button between
  // its commit and this effect makes React run the effect first, then give the press to Radix,
  // whose button opens on pointer down — opening here too, Radix's toggle shut the menu again.
  useEffect(() => {
    const early = window as unknown as { __menuPressed?: Event | 0; __menuMounted?: number };
    early.__menuMounted = 1;
    const press = early.__menuPressed;
    early.__menuPressed = 0;
    if (press && !(press === window.event && press.type === "pointerdown")) setOpen(true);
  }, []);
  // Not modal: a modal menu sets aria-hidden on the rest of the page while its links stay
  // focusable (axe: aria-hidden-focus); the menu still closes on Esc, Tab and outside clicks.
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="menu-content">
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={href("/account")}>{t("nav.myAccount")}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <Link to={href("/account")}>{t("nav.profile")}</Link>
          </DropdownMenu.Item>
          {user.role === "admin" ? (
            <DropdownMenu.Item asChild className="menu-item">
              <Link to={href("/admin")}>{t("nav.admin")}</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* Submitted programmatically: closing the menu removes its DOM, so a form inside
              it would be disconnected before the browser could submit it. */}
          <DropdownMenu.Item className="menu-item w-full" onSelect={() => submit(null, { method: "post", action: href("/auth/logout") })}>
            {t("nav.logOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
