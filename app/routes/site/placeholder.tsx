import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { UnderConstruction } from "~/components/under-construction";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/placeholder";

export const handle = { messages: ["placeholder"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "placeholder.title", "placeholder.text"),
  { name: "robots", content: "noindex" },
];

export default function PlaceholderPage() {
  const t = useT();
  return <UnderConstruction title={t("placeholder.title")} description={t("placeholder.text")} homeLabel={t("placeholder.home")} />;
}
