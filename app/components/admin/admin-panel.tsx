import type { ComponentProps, ReactNode } from "react";
import { Section } from "~/components/ui/section";
import { useT } from "~/lib/i18n/use-t";

/**
 * A back-office panel: a section named by its heading, in a card unless `className` says
 * otherwise. Every panel of the detail pages and the dashboard uses this heading.
 */
export function AdminPanel({ className = "card p-5", ...props }: Omit<ComponentProps<typeof Section>, "titleClassName">) {
  return <Section titleClassName="text-lg font-semibold" className={className} {...props} />;
}

/** A fact of a record: its label, its value (none says "not given") and whether it is someone's own words. */
export type AdminFact = { label: string; value: ReactNode; asWritten?: boolean };

/**
 * A record's facts as the operator reads them: label over value, two columns from a small
 * screen up. Values written by people (addresses, answers) are marked `translate="no"`, and
 * keep their line breaks.
 */
export function AdminFacts({ facts }: { facts: AdminFact[] }) {
  const t = useT();
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map((f) => (
        <div key={f.label}>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{f.label}</dt>
          <dd className="mt-0.5 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]" translate={f.asWritten ? "no" : undefined}>
            {f.value ?? t("status.notGiven")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
