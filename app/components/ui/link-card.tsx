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
    <Link
      to={to}
      className="after:absolute after:inset-0 group-hover:text-teal-800 focus-visible:outline-none"
    >
      {children}
    </Link>
  );
}

/** Cards in a grid's first row (at its widest, 3 columns) load their photo at once; the rest when scrolled to. */
const FIRST_ROW = 3;

/**
 * How a grid card's photo loads, from the card's place in the results (`index` counts from the
 * first card of the first page, -1 when the page is not the first). The first card's photo is
 * the largest thing on a phone's first screen, so it is fetched at high priority (the page's
 * scripts are only asked for after the first paint: app/lib/http/page-scripts.server.ts).
 */
export function cardPhotoLoading(index: number): { loading: "eager" | "lazy"; fetchPriority?: "high" } {
  if (index === 0) return { loading: "eager", fetchPriority: "high" };
  return { loading: index >= 0 && index < FIRST_ROW ? "eager" : "lazy" };
}
