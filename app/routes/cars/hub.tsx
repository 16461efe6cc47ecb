import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { submitContext } from "~/modules/requests/requests.server";
import { data, href, Link, useLocation } from "react-router";
import { CHAUFFEUR_CONTACT_ID, ChauffeurContactDialog, preloadChauffeurContact } from "~/components/cars/chauffeur-contact";
import { LinkDialogTrigger, useLinkDialog } from "~/components/link-dialog";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useT } from "~/lib/i18n/use-t";
import { pageMeta } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { submitChauffeurContact } from "~/modules/cars/cars.server";
import { answerWithReceipt, receiptOf } from "~/modules/requests/success.server";
import { clearDraft } from "~/modules/requests/form-draft.server";
import { chauffeurContactSchema } from "~/modules/cars/schema";
import { CAR_REQUEST_TYPES, CAR_TYPE_NAME_KEYS } from "~/modules/cars/types";
import type { Route } from "./+types/hub";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["cars", "dialog", "form", "success"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "cars.metaTitle", "cars.metaDescription");

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: chauffeurContactSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const sent = await submitChauffeurContact(submission.value, await submitContext(request, context));
  // Sent: what the dialog kept of it is done with (form-draft.server.ts).
  const cleared = await clearDraft(request, "chauffeur");
  return answerWithReceipt(form, receiptOf(sent, { title: t("cars.contactSentTitle"), message: t("cars.contactSentText") }), cleared ? [cleared] : []);
}

const TILE_ICONS: Record<(typeof CAR_REQUEST_TYPES)[number], string> = {
  "chauffeur-hourly": "M5 17h14M6 17l1.5-5h9L18 17M8 12l1-3h6l1 3M7 17v2M17 17v2",
  "airport-transfer": "M2 16l20-6-3-3-7 3-5-5-2 1 3 6-4 2-2-1-1 1 3 3Z",
  "personal-ride": "M3 13l2-5h14l2 5v4H3v-4Zm3 4v2m12-2v2M7 13h10",
  "package-delivery": "M3 7l9-4 9 4v10l-9 4-9-4V7Zm9 4l9-4M12 11L3 7m9 4v10",
  "event-wedding": "M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10Z",
  custom: "M12 3v18M3 12h18",
};

export default function CarsHubPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  // A plain post refused (a sent one lands on the success page; a dialog's receipt is the form's own data).
  const refused = actionData && "result" in actionData ? actionData.result : undefined;
  const contact = useLinkDialog({
    param: "contact",
    id: CHAUFFEUR_CONTACT_ID,
    refused: Boolean(refused),
    preload: preloadChauffeurContact,
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("cars.title")}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t("cars.intro")}</p>
        </div>
        <LinkDialogTrigger dialog={contact} className="btn-secondary">
          {t("cars.contactChauffeur")}
        </LinkDialogTrigger>
      </div>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {CAR_REQUEST_TYPES.map((type) => (
          <li key={type}>
            <Link to={`${href("/cars/request")}?type=${type}`} className="card group flex h-full gap-4 p-5 hover:shadow-md">
              <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-teal-50 text-teal-800">
                <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round">
                  <path d={TILE_ICONS[type]} />
                </svg>
              </span>
              <span>
                <span className="block font-semibold group-hover:text-teal-800">{t(CAR_TYPE_NAME_KEYS[type])}</span>
                <span className="mt-1 block text-sm text-slate-600">{t(`cars.tile.${type}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <ChauffeurContactDialog dialog={contact} returnTo={location.pathname} serverResult={refused} />
    </div>
  );
}
