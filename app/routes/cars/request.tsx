import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { parseWithZod } from "@conform-to/zod/v4";
import { submitContext } from "~/modules/requests/requests.server";
import { data, href, Link } from "react-router";
import { formIsland } from "~/components/form/form-island";
import { getSessionUser } from "~/lib/auth/session.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { metaTags } from "~/lib/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { submitCarRequest } from "~/modules/cars/cars.server";
import { carRequestSchema } from "~/modules/cars/schema";
import {
  CAR_REQUEST_TYPES,
  CAR_SUCCESS_KEYS,
  CAR_TYPE_NAME_KEYS,
  carRequestType,
} from "~/modules/cars/types";
import { redirectToSuccess } from "~/modules/requests/success.server";
import type { Route } from "./+types/request";
import { readForm } from "~/lib/http/form.server";

export const handle = { messages: ["cars", "choice", "form", "request"] } satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  const type = carRequestType(new URL(request.url).searchParams.get("type"));
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const typeName = t(CAR_TYPE_NAME_KEYS[type]);
  return {
    type,
    typeName,
    metaTitle: t("cars.requestMetaTitle", { name: typeName }),
    metaDescription: t("cars.requestMetaDescription", { name: typeName.toLowerCase() }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const brand =
    (matches.find((m) => m?.id === "root")?.loaderData as { brand?: string } | undefined)?.brand ?? "";
  return loaderData ? metaTags(loaderData.metaTitle, loaderData.metaDescription, brand) : [{ title: brand }];
};

export async function action({ request, context }: Route.ActionArgs) {
  const type = carRequestType(new URL(request.url).searchParams.get("type"));
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const submission = parseWithZod(await readForm(request), { schema: carRequestSchema(type, t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const user = await getSessionUser(request);
  const { reference, statusPath, emailed } = await submitCarRequest(
    { ...submission.value, type },
    { ...(await submitContext(request, context, user)), user },
  );
  return redirectToSuccess({
    serviceName: t(CAR_TYPE_NAME_KEYS[type]),
    message: t(CAR_SUCCESS_KEYS[type]),
    reference,
    statusPath,
    emailed,
  });
}

const CarRequestForm = formIsland(
  () => import("~/components/cars/car-request-form").then((m) => m.CarRequestForm),
  {
    eager: (props) => Boolean(props.lastResult),
  },
);

export default function CarRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const { type } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Link to={href("/cars")} className="text-sm text-teal-800 underline">
        ← {t("cars.title")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{loaderData.typeName}</h1>
      <nav aria-label={t("cars.changeType")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {CAR_REQUEST_TYPES.map((ty) => (
            <li key={ty}>
              <Link
                to={`?type=${ty}`}
                aria-current={ty === type ? "page" : undefined}
                className="inline-flex rounded-full border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 aria-[current=page]:border-teal-700 aria-[current=page]:bg-teal-700 aria-[current=page]:text-white"
              >
                {t(CAR_TYPE_NAME_KEYS[ty])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="card mt-6 p-6">
        {/* A new type is a new form: keyed by type, so its fields start empty (spec). */}
        <CarRequestForm
          key={type}
          type={type}
          lastResult={actionData?.result}
          serverRejected={Boolean(actionData?.result)}
          defaults={user ? { name: user.name, email: user.email } : null}
        />
      </div>
    </div>
  );
}
