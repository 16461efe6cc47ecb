import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A grid card whose title is its one link (`CardLink`), stretched over the whole card: the card
 * is clickable anywhere, yet the link's accessible name is just the title and pictures stay
 * decorative. The card shows the link's focus ring, since the stretched link draws none.
 */
export function LinkCard({ children }: { children: ReactNode }) {
  return (
    <li className="card group relative flex flex-col overflow-hidden transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-teal-600">
      {children}
    </li>
  );
}

/** The title link of a `LinkCard`, put inside the card's heading. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="after:absolute after:inset-0 group-hover:text-teal-800 focus-visible:outline-none">
      {children}
    </Link>
  );
}
