import type { ReactNode } from "react";

/** A page that is one narrow card under its heading: a status or a refusal, and the ways on. */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      <div className="card p-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        {children}
      </div>
    </div>
  );
}
