import { Link } from "react-router";

/** A friendly "nothing here yet" panel with one way forward. */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <div className="card flex flex-col items-center p-10 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      {action ? (
        <Link to={action.to} className="btn-primary mt-6">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
