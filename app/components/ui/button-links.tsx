import { Link, type To } from "react-router";

export type ButtonLink = { to: To; label: string };

/**
 * A row of links drawn as buttons, where a page offers its ways on: the first is the one it
 * suggests (primary), the others secondary. `size` adds to every button (the home page's hero
 * draws them larger); `className` places the row.
 */
export function ButtonLinks({ links, className = "mt-6 flex flex-wrap gap-3", size }: { links: ButtonLink[]; className?: string; size?: string }) {
  return (
    <div className={className}>
      {links.map((link, i) => (
        <Link key={link.label} to={link.to} className={[i === 0 ? "btn-primary" : "btn-secondary", size].filter(Boolean).join(" ")}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
