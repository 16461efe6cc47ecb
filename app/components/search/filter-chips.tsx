import { Link } from "react-router";

export type FilterChip = { key: string; label: string; to: string };

/**
 * What a search understood, as removable chips (issue 51): each is a link to the same search
 * without that filter, so it works before JavaScript, can be reached with the keyboard and says
 * what it does to a screen reader ("Remove filter: …"). Homes and services alike.
 */
export function FilterChips({
  label,
  chips,
  removeLabel,
  clearAll,
  className,
}: {
  label: string;
  chips: readonly FilterChip[];
  removeLabel: (filter: string) => string;
  clearAll?: { label: string; to: string };
  className?: string;
}) {
  return (
    <ul aria-label={label} className={`flex flex-wrap items-center gap-2 ${className ?? ""}`}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.to}
            preventScrollReset
            aria-label={removeLabel(chip.label)}
            data-filter={chip.key}
            className="inline-flex items-center gap-1.5 rounded-full after:text-base after:leading-none after:text-teal-700 after:content-['×'] border border-teal-200 bg-teal-50 px-3 py-1 text-sm font-medium text-teal-900 hover:border-teal-400 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {chip.label}
          </Link>
        </li>
      ))}
      {clearAll ? (
        <li>
          <Link to={clearAll.to} preventScrollReset className="text-sm font-medium text-teal-800 underline">
            {clearAll.label}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
