import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { EmptyState } from "~/components/empty-state";
import { requireUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import type { Route } from "./+types/reviews";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  // Customer-written reviews arrive with the reviews issue; until then there are none.
  return { reviews: [] as never[] };
}

export default function ReviewsPage() {
  const t = useT();
  return <EmptyState title={t("account.noReviewsTitle")} text={t("account.noReviewsText")} />;
}
