import { Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/** What a visitor keeps after sending anything: the reference, whether we emailed, the status link. */
export function Receipt({ reference, emailed, statusPath }: { reference?: string; emailed?: boolean; statusPath?: string }) {
  const t = useT();
  return (
    <>
      {/* Not emailed (the address's daily cap, or too many from this client): say so plainly,
          before the reference it asks to keep — this page is then the only receipt (ADR 28). */}
      {emailed === false ? (
        <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">{t("success.notEmailed")}</p>
      ) : null}
      {reference ? (
        <p className="mt-6 text-lg">
          {t("success.reference", { reference: "" })}
          <span className="font-mono font-bold tracking-wider">{reference}</span>
        </p>
      ) : null}
      {emailed === true ? <p className="mt-4 text-slate-600">{t("success.emailNote")}</p> : null}
      {statusPath ? (
        <p className="mt-4">
          <Link to={statusPath} className="font-medium text-teal-800 underline">
            {t("success.track")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
