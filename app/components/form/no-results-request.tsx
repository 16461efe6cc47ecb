import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { RequestForm } from "./request-form";

/**
 * A no-results request (spec §2: homes in a city, a service nobody offers yet): a card with
 * its heading and intro, then the request form, posted to the page's own action. The ids follow
 * the form's: `<form id>-title` names the section, `<form id>-section` is the fragment links
 * jump to (kept clear of the sticky header).
 */
export function NoResultsRequest<Schema extends Record<string, unknown>>({
  form,
  title,
  intro,
  headingLevel = 2,
  submit,
  sending,
  preventScrollReset,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  title: string;
  intro: string;
  headingLevel?: 2 | 3;
  submit: string;
  sending: string;
  preventScrollReset?: boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section id={`${form.id}-section`} aria-labelledby={`${form.id}-title`} className="card h-fit scroll-mt-24 p-6 sm:p-8">
      <Heading id={`${form.id}-title`} className="text-lg font-semibold">
        {title}
      </Heading>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <RequestForm
        form={form}
        busy={busy}
        submit={submit}
        sending={sending}
        submitClassName="btn-primary px-5 py-2.5"
        preventScrollReset={preventScrollReset}
      >
        {children}
      </RequestForm>
    </section>
  );
}
