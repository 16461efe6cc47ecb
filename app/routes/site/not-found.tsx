import { data } from "react-router";
import { UnderConstruction } from "~/components/under-construction";
import { useT } from "~/lib/i18n/use-t";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

// The shell's texts only; never indexed (no canonical address: root.tsx).
export const handle = { messages: [], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "notFound.metaTitle", "notFound.text"),
  { name: "robots", content: "noindex" },
];

/** Every path the URL map does not know: the Page Not Found screen with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  const t = useT();
  return <UnderConstruction title={t("notFound.title")} description={t("notFound.text")} homeLabel={t("notFound.home")} />;
}
