import { href, Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/**
 * Provider Guidelines · Terms of Use · Privacy Policy: the three documents a provider or owner
 * agrees to, linked wherever they agree (listing wizard, provider application).
 */
export function PolicyLinks({
  className = "underline",
  newTab = false,
}: {
  className?: string;
  newTab?: boolean;
}) {
  const t = useT();
  const target = newTab ? "_blank" : undefined;
  return (
    <>
      <Link to={href("/legal/provider-guidelines")} target={target} className={className}>
        {t("wizard.readGuidelines")}
      </Link>
      {" · "}
      <Link to={href("/legal/terms")} target={target} className={className}>
        {t("wizard.readTerms")}
      </Link>
      {" · "}
      <Link to={href("/legal/privacy")} target={target} className={className}>
        {t("wizard.readPrivacy")}
      </Link>
    </>
  );
}
