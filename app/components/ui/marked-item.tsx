import type { ReactNode } from "react";

const MARKS = {
  check: (
    <span aria-hidden="true" className="text-teal-700">
      ✓
    </span>
  ),
  cross: (
    <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-red-50 text-xs font-bold text-red-700">
      ✕
    </span>
  ),
} as const;

/**
 * A list item led by a mark: ✓ for what is included or offered, ✕ for what is not allowed. The
 * mark is decoration (hidden from screen readers); the item's text says it all.
 */
export function MarkedItem({ mark = "check", className, children }: { mark?: keyof typeof MARKS; className: string; children: ReactNode }) {
  return (
    <li className={className}>
      {MARKS[mark]}
      {children}
    </li>
  );
}
