import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { AdminFacts, AdminPanel } from "~/components/admin/admin-panel";
import { AdminDecisionPage, type DecisionAnswer, DecisionForm, DecisionPanel } from "~/components/admin/decision-page";
import { CheckboxField } from "~/components/form/field";
import { useIntentBusy } from "~/components/form/use-intent-busy";
import { useZodForm } from "~/components/form/use-zod-form";
import { priceLabel, propertyTypeLabel } from "~/components/homes/listing-labels";
import { requireAdmin } from "~/lib/auth/session.server";
import { readForm } from "~/lib/http/form.server";
import { serverTranslate } from "~/lib/i18n/catalogue.server";
import { choiceLabel } from "~/lib/i18n/choices";
import type { MessagesHandle } from "~/lib/i18n/namespaces";
import type { Translate } from "~/lib/i18n/translate";
import { useFormat } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/use-t";
import { adminMeta } from "~/modules/admin/meta";
import { getAppEnv } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { approveListingSchema, rejectListingSchema } from "~/modules/homes/moderation";
import {
  approveListing,
  getListingForModeration,
  type ListingForModeration,
  type ModerationRefusal,
  rejectListing,
  setOwnerVerified,
} from "~/modules/homes/moderation.server";
import { listingPhotoPath, SHORT_TERM_MAX_NIGHTS } from "~/modules/homes/wizard";
import type { Route } from "./+types/listing";

export const handle = { messages: ["admin.listing", "admin.listings", "admin.title", "choice", "form", "homes", "request", "status", "wizard"] } satisfies MessagesHandle;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.listing.metaTitle");

/** One listing as the operator checks it: details, photos, STR number, owner, decisions. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getListingForModeration(params.listingId);
  if (!found) throw data(null, { status: 404 });
  return { ...found, request: found.request ? { reference: found.request.reference, status: found.request.status } : null };
}


/** Why a decision was refused, as a message on the form (or on the field it is about). */
function refusalReply(t: Translate, reason: ModerationRefusal): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  switch (reason) {
    case "str-unchecked":
      return { fieldErrors: { strChecked: [t("admin.listing.error.strUnchecked")] } };
    case "str-invalid":
      return { formErrors: [t("admin.listing.error.strInvalid")] };
    case "reason-required":
      return { fieldErrors: { reason: [t("admin.listing.error.reason")] } };
    case "no-request":
      return { formErrors: [t("admin.listing.noRequest")] };
    default:
      return { formErrors: [t("admin.listing.error.notAllowed")] };
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = serverTranslate(request, getAppEnv().BRAND_NAME);
  const form = await readForm(request);
  const found = await getListingForModeration(params.listingId);
  if (!found) throw data(null, { status: 404 });
  const { listing } = found;
  const here = href("/admin/listings/:listingId", { listingId: listing.id });
  const intent = form.get("intent");

  if (intent === "verify" || intent === "unverify") {
    const verified = intent === "verify";
    const result = await setOwnerVerified(listing.id, { actorId: admin.id, verified });
    if (!result.ok) throw data(null, { status: 404 });
    return redirectWithToast(
      here,
      verified
        ? { title: t("admin.listing.toast.verifiedTitle"), description: t("admin.listing.toast.verifiedText") }
        : { title: t("admin.listing.toast.unverifiedTitle"), description: t("admin.listing.toast.unverifiedText") },
      { status: 303 },
    );
  }
  if (intent === "approve") {
    const submission = parseWithZod(form, { schema: approveListingSchema(t, found.shortTerm) });
    if (submission.status !== "success") return data<DecisionAnswer>({ intent, result: submission.reply() }, { status: 400 });
    const result = await approveListing(listing.id, { actorId: admin.id, strChecked: submission.value.strChecked });
    if (!result.ok) return data<DecisionAnswer>({ intent, result: submission.reply(refusalReply(t, result.reason)) }, { status: 409 });
    return redirectWithToast(
      here,
      { title: t("admin.listing.toast.approvedTitle"), description: t("admin.listing.toast.approvedText", { title: listing.title }) },
      { status: 303 },
    );
  }
  if (intent === "reject") {
    const submission = parseWithZod(form, { schema: rejectListingSchema(t) });
    if (submission.status !== "success") return data<DecisionAnswer>({ intent, result: submission.reply() }, { status: 400 });
    const result = await rejectListing(listing.id, { actorId: admin.id, reason: submission.value.reason });
    if (!result.ok) return data<DecisionAnswer>({ intent, result: submission.reply(refusalReply(t, result.reason)) }, { status: 409 });
    return redirectWithToast(
      here,
      { title: t("admin.listing.toast.rejectedTitle"), description: t("admin.listing.toast.rejectedText") },
      { status: 303 },
    );
  }
  throw data(null, { status: 400 });
}


export default function AdminListing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const dates = useFormat();
  const { listing: l, owner, str, request, can, shortTerm } = loaderData;
  const yesNo = (v: boolean) => (v ? t("homes.yes") : t("homes.no"));
  // [label, value, the owner's own words (not translated)]
  const facts: (readonly [string, string, boolean?])[] = [
    [t("homes.fact.type"), propertyTypeLabel(t, l.propertyType)],
    [t("admin.listing.price"), priceLabel(t, dates.cad(l.price), l.priceUnit)],
    [t("admin.listing.address"), l.address, true],
    [t("wizard.field.city"), l.city, true],
    [t("wizard.field.neighborhood"), l.neighborhood || "—", true],
    [t("wizard.field.province"), l.province ? choiceLabel(t, l.province) : "—"],
    [t("wizard.field.postal"), l.postal || "—", true],
    [t("homes.fact.bedrooms"), String(l.bedrooms)],
    [t("homes.fact.bathrooms"), String(l.bathrooms)],
    [t("homes.fact.furnished"), yesNo(l.furnished)],
    [t("homes.fact.pets"), yesNo(l.petFriendly)],
    [t("homes.fact.utilities"), yesNo(l.utilitiesIncluded)],
    [t("homes.amenities"), l.amenities.map((a) => choiceLabel(t, a)).join(", ") || "—"],
    [t("homes.fact.deposit"), l.deposit === null ? "—" : dates.cad(l.deposit)],
    [t("homes.fact.minStay"), l.minStay || "—", true],
    [t("homes.fact.leaseTerm"), l.leaseTerm ? choiceLabel(t, l.leaseTerm) : "—"],
    [t("homes.fact.available"), dates.calendarDay(l.availableFrom)],
    [t("admin.listing.submitted"), dates.dateTime(l.createdAt)],
  ];

  const note = !request ? t("admin.listing.noRequest") : !can.approve && !can.reject ? t("admin.listing.noDecision") : null;

  return (
    <AdminDecisionPage
      id="admin-listing-title"
      back={href("/admin/listings")}
      backLabel={t("admin.listing.back")}
      title={l.title}
      request={request}
      meta={
        <>
          {request ? null : <span>{t("admin.listings.sample")}</span>}
          {l.visibility === "published" ? (
            <Link to={href("/homes/:id", { id: l.id })} className="text-teal-800 underline">
              {t("admin.listing.viewPublic")}
            </Link>
          ) : null}
        </>
      }
      aside={
        <>
          {str ? <StrPanel str={str} /> : null}
          <OwnerPanel owner={owner} />
          <DecisionPanel
            id="listing-decision"
            note={note}
            can={can}
            answer={actionData as DecisionAnswer | undefined}
            approve={(lastResult) => <ApproveForm shortTerm={shortTerm} strNumber={str?.number ?? null} lastResult={lastResult} />}
            reject={{
              id: "reject-listing",
              load: () => import("~/modules/homes/moderation"),
              pick: (m) => m.rejectListingSchema(t),
              reasonLabel: t("admin.listing.reason"),
              label: request?.status === "published" ? t("admin.listing.takeDown") : t("admin.listing.reject"),
            }}
          />
        </>
      }
    >
      <AdminPanel id="listing-photos" title={t("admin.listing.photos")}>
        <Photos listing={l} />
      </AdminPanel>

      <AdminPanel id="listing-details" title={t("admin.listing.details")}>
        <AdminFacts facts={facts.map(([label, value, asWritten]) => ({ label, value, asWritten }))} />
        <h3 className="mt-6 text-sm font-semibold text-slate-700">{t("wizard.field.description")}</h3>
        <p className="mt-1 whitespace-pre-line text-slate-800" translate="no">
          {l.description}
        </p>
      </AdminPanel>
    </AdminDecisionPage>
  );
}

/** Uploaded photos, each a link to its full size; or a sample listing's static images. */
function Photos({ listing }: { listing: ListingForModeration["listing"] }) {
  const t = useT();
  const shown = listing.photos
    ? listing.photos.map((p) => ({ key: p.id, src: listingPhotoPath(p.id, "card"), full: listingPhotoPath(p.id, "gallery"), width: p.width, height: p.height }))
    : listing.staticImages.map((src) => ({ key: src, src, full: null, width: 1200, height: 800 }));
  if (shown.length === 0) return <p className="mt-3 text-sm text-slate-600">{t("admin.listing.noPhotos")}</p>;
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {shown.map((photo, i) => {
        const image = (
          <img
            src={photo.src}
            alt={t("admin.listing.photo", { n: i + 1, total: shown.length })}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
          />
        );
        return (
          <li key={photo.key}>
            {photo.full ? (
              <a href={photo.full} className="block rounded-md focus-visible:outline-3 focus-visible:outline-teal-600">
                {image}
              </a>
            ) : (
              image
            )}
          </li>
        );
      })}
    </ul>
  );
}

function StrPanel({ str }: { str: NonNullable<ListingForModeration["str"]> }) {
  const t = useT();
  return (
    <AdminPanel id="listing-str" title={t("admin.listing.str.title")} className="card border-amber-200 bg-amber-50/50 p-5">
      <p className="mt-1 text-sm text-slate-600">{t("admin.listing.str.help", { nights: SHORT_TERM_MAX_NIGHTS })}</p>
      <dl className="mt-3 space-y-2">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("admin.listing.str.number")}</dt>
          <dd className="mt-0.5 font-mono text-lg text-slate-900" translate={str.number ? "no" : undefined}>
            {str.number || t("admin.listing.str.missing")}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("admin.listing.str.format")}</dt>
          <dd className={`mt-0.5 font-medium ${str.valid ? "text-teal-800" : "text-red-800"}`} data-testid="str-format">
            <span aria-hidden="true">{str.valid ? "✓ " : "✗ "}</span>
            {str.valid ? t("admin.listing.str.valid") : t("admin.listing.str.invalid")}
          </dd>
        </div>
      </dl>
    </AdminPanel>
  );
}

function OwnerPanel({ owner }: { owner: ListingForModeration["owner"] }) {
  const t = useT();
  const verifying = useIntentBusy("verify");
  const unverifying = useIntentBusy("unverify");
  const busy = verifying || unverifying;
  return (
    <AdminPanel id="listing-owner" title={t("admin.listing.owner.title")}>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("wizard.field.ownerName")}</dt>
          <dd translate="no">{owner.name}</dd>
        </div>
        {owner.email ? (
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("wizard.field.ownerEmail")}</dt>
            <dd translate="no">
              <a href={`mailto:${owner.email}`} className="text-teal-800 underline">
                {owner.email}
              </a>
            </dd>
          </div>
        ) : null}
        {owner.phone ? (
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("admin.listing.owner.phone")}</dt>
            <dd translate="no">{owner.phone}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("admin.listing.owner.account")}</dt>
          <dd translate={owner.account ? "no" : undefined}>
            {owner.account ? `${owner.account.name ?? ""} <${owner.account.email ?? ""}>` : t("admin.listing.owner.noAccount")}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("admin.listing.owner.status")}</dt>
          <dd className={owner.verified ? "font-medium text-teal-800" : "text-slate-700"}>
            {owner.verified ? t("homes.verifiedOwner") : t("admin.listing.owner.notVerified")}
          </dd>
        </div>
      </dl>
      <Form method="post" className="mt-4">
        <p className="mb-2 text-xs text-slate-600">
          {owner.account ? t("admin.listing.owner.hintAccount") : t("admin.listing.owner.hintListing")}
        </p>
        <button type="submit" name="intent" value={owner.verified ? "unverify" : "verify"} className="btn-secondary w-full" disabled={busy}>
          {owner.verified ? t("admin.listing.owner.unverify") : t("admin.listing.owner.verify")}
        </button>
      </Form>
    </AdminPanel>
  );
}


function ApproveForm({ shortTerm, strNumber, lastResult }: { shortTerm: boolean; strNumber: string | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const [form, fields] = useZodForm(() => import("~/modules/homes/moderation"), (m) => m.approveListingSchema(t, shortTerm), lastResult, {
    id: "approve-listing",
  });
  return (
    <DecisionForm intent="approve" form={form} label={t("admin.listing.approve")}>
      {shortTerm ? (
        <CheckboxField field={fields.strChecked} label={t("admin.listing.strChecked", { number: strNumber || t("admin.listing.str.missing") })} />
      ) : null}
    </DecisionForm>
  );
}
