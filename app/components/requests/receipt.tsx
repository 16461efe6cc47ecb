import { Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/** What a visitor keeps after sending anything: the reference, whether we emailed, the status link. */
export function Receipt({ reference, emailed, statusPath }: { reference?: string; emailed?: boolean; statusPath?: string }) {
  const t = useT();
  return (
    <>
      {reference ? (
        <p className="mt-6 text-lg">
          {t("success.reference", { reference: "" })}
          <span className="font-mono font-bold tracking-wider">{reference}</span>
        </p>
      ) : null}
      {emailed !== false ? <p className="mt-4 text-slate-600">{t("success.emailNote")}</p> : null}
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
