import { Link } from "react-router";

/** The spec's placeholder: a title, a description and a Go Back Home link to /. */
export function UnderConstruction({
  title,
  description,
  homeLabel,
  homeTo = "/",
}: {
  title: string;
  description: string;
  homeLabel: string;
  homeTo?: string;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto size-14 text-amber-500" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round">
        <path d="M24 6 44 40H4L24 6Z" />
        <path d="M24 19v10M24 34v1" strokeLinecap="round" />
      </svg>
      <h1 className="mt-6 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{description}</p>
      <Link to={homeTo} className="btn-primary mt-8">
        {homeLabel}
      </Link>
    </section>
  );
}
