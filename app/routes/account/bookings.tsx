import { href } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { requireUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/use-t";
import type { Route } from "./+types/bookings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  // Requests are stored from the services issue on; until then every list is empty.
  return { bookings: [] as never[] };
}

export default function BookingsPage() {
  const t = useT();
  return (
    <EmptyState
      title={t("account.noBookingsTitle")}
      text={t("account.noBookingsText")}
      action={{ to: href("/services"), label: t("account.browseServices") }}
    />
  );
}
