import { UnderConstruction } from "~/components/under-construction";
import { useT } from "~/lib/i18n/use-t";

// Stub: replaced by the homes work in progress.
export default function Stub() {
  const t = useT();
  return <UnderConstruction title={t("placeholder.title")} description={t("placeholder.text")} homeLabel={t("placeholder.home")} />;
}
