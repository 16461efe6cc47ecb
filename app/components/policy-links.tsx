import { href, Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/**
 * Provider Guidelines · Terms of Use · Privacy Policy: the documents a provider agrees to, linked
 * wherever they agree (provider application) and at the foot of the listing wizard. `owner`:
 * the two an owner listing a home agrees to (the Provider Guidelines are for service providers).
 */
export function PolicyLinks({
  className = "underline",
  newTab = false,
  owner = false,
}: {
  className?: string;
  newTab?: boolean;
  owner?: boolean;
}) {
  const t = useT();
  const target = newTab ? "_blank" : undefined;
  return (
    <>
      {owner ? null : (
        <>
          <Link to={href("/legal/provider-guidelines")} target={target} className={className}>
            {t("wizard.readGuidelines")}
          </Link>
          {" · "}
        </>
      )}
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
