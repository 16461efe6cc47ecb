import { data, Form } from "react-router";
import { readForm } from "~/lib/http/form.server";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import { useT } from "~/lib/i18n/use-t";
import { preferencesOf, setStopped } from "~/lib/mail/preferences.server";
import { pageMeta } from "~/lib/meta";
import { getRuntime } from "~/lib/runtime.server";
import type { Route } from "./+types/email-preferences";

/**
 * The email preferences behind the link in review invitations and expiry reminders (issue 51
 * item 1): whoever holds the link, no log-in. GET shows the choice (a plain form, so it works
 * without JavaScript); POST stops or resumes that mail. A mail client's one-click unsubscribe
 * (RFC 8058: `List-Unsubscribe=One-Click` posted to the List-Unsubscribe address, which is this
 * page) stops it and gets a plain 200.
 */
export const handle = { messages: ["emailPrefs"], noindex: true } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "emailPrefs.metaTitle", "emailPrefs.metaTitle"), { name: "robots", content: "noindex" }];

export async function loader({ params }: Route.LoaderArgs) {
  const prefs = await preferencesOf(getRuntime().db, params.token);
  // A token in the path: a personal page (cache-policy.server.ts), never stored or cached.
  if (!prefs) throw data(null, { status: 404 });
  return { stopped: prefs.stopped };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const stop = oneClick || form.get("intent") !== "resume";
  if (!(await setStopped(getRuntime().db, params.token, stop))) throw data(null, { status: 404 });
  // A mail provider's one-click post reads only the status.
  if (oneClick) return new Response(null, { status: 200 });
  return { changed: true };
}

export default function EmailPreferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const stopped = loaderData.stopped;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("emailPrefs.title")}</h1>
      <div className="card mt-8 p-6">
        <p role={actionData?.changed ? "status" : undefined}>{t(stopped ? "emailPrefs.stopped" : "emailPrefs.receiving")}</p>
        <p className="mt-2 text-sm text-slate-600">{t("emailPrefs.transactional")}</p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value={stopped ? "resume" : "stop"} />
          <button type="submit" className={stopped ? "btn-secondary" : "btn-primary"}>
            {t(stopped ? "emailPrefs.resume" : "emailPrefs.stop")}
          </button>
        </Form>
      </div>
    </div>
  );
}
