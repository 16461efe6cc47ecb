import { type DefaultValue, parse, type SubmissionResult, useForm } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import type { z } from "zod";

type ParseWithZod = typeof parseWithZod;
type AnySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** Set once any form has its validator: forms mounted later fetch their schema at once (it is cached). */
let validatorInBrowser = false;

const hasErrors = (result: SubmissionResult<string[]> | null | undefined) =>
  Boolean(result && (result.status === "error" || Object.values(result.error ?? {}).some((e) => e?.length)));

/**
 * Conform + zod as our posted forms use them: the same schema the action parses validates in
 * the browser, first on submit (no errors while someone is still typing a field for the first
 * time), then on every input so a corrected field clears its error at once.
 *
 * zod and the schema are not part of the page (about 30 KB gzip; ADR 17): `load` imports
 * the schema's module, together with Conform's zod adapter, when the visitor first focuses or
 * presses something inside the form — or at once when the form shows a server reply with
 * errors. Until then the form has no browser validation and posts to the server, which parses
 * with the same schema and answers with the same messages (as it does without JavaScript).
 * `pick` builds the schema from the loaded module on every check, so it uses the current props
 * and language.
 *
 * Returns Conform's form and fields, and `check(formData)`: the same validation, synchronously
 * (true when it passes; undefined while the validator is still loading), for forms that say
 * more than the field messages on a failed submit (a toast).
 *
 * Options: `shouldRevalidate` (default on input); `skip(formData)` for submissions that are
 * never validated (e.g. a wizard's Previous); `disableAutoCoercion` when the schema takes the
 * form's raw strings itself.
 */
export function useZodForm<Module, Schema extends AnySchema>(
  load: () => Promise<Module>,
  pick: (module: Module) => Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: {
    id?: string;
    defaultValue?: DefaultValue<z.input<Schema>>;
    shouldRevalidate?: "onSubmit" | "onInput" | "onBlur";
    skip?: (formData: FormData) => boolean;
    disableAutoCoercion?: boolean;
  } = {},
) {
  const { shouldRevalidate = "onInput", skip, disableAutoCoercion, ...formOptions } = options;
  const [validator, setValidator] = useState<{ parseWithZod: ParseWithZod; module: Module } | null>(null);
  // The first loader is the one used: every render passes the same import.
  const [loader] = useState(() => load);
  const parseNow = (formData: FormData) =>
    validator
      ? validator.parseWithZod(formData, { schema: pick(validator.module), disableAutoCoercion })
      : undefined;

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    ...formOptions,
    lastResult,
    // Before the validator is in, everything passes here and the server validates a real submit;
    // but Conform's own intents (a field updated by code, e.g. useFollowTerm) stay in the browser:
    // without an onValidate Conform would post each one to the server.
    onValidate: ({ formData }) =>
      !validator || skip?.(formData)
        ? parse(formData, { resolve: () => ({ value: {} as z.output<Schema> }) })
        : parseNow(formData)!,
    shouldValidate: "onSubmit",
    // Without a validator a revalidation would be a post to the server on every keystroke.
    shouldRevalidate: validator ? shouldRevalidate : "onSubmit",
  });

  const formId = form.id;
  const loadNow = validatorInBrowser || hasErrors(lastResult);
  useEffect(() => {
    if (validator) return;
    let active = true;
    let loading = false;
    const start = () => {
      if (loading) return;
      loading = true;
      Promise.all([import("@conform-to/zod/v4"), loader()]).then(
        ([adapter, module]) => {
          validatorInBrowser = true;
          if (active) setValidator({ parseWithZod: adapter.parseWithZod, module });
        },
        // Offline or a stale deploy: the server still validates; the next interaction tries again.
        () => {
          loading = false;
        },
      );
    };
    const onInteraction = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      // A field's owner form (its `form` attribute counts), else the form around the element.
      const owner =
        "form" in target && target.form instanceof HTMLFormElement ? target.form : target.closest("form");
      if (owner?.id === formId) start();
    };
    // A form island hydrates on the visitor's first focus or press (form-island.tsx): that
    // interaction happened before this listener existed.
    const inUse = document.getElementById(formId)?.contains(document.activeElement) ?? false;
    if (loadNow || inUse) start();
    document.addEventListener("focusin", onInteraction, true);
    document.addEventListener("pointerdown", onInteraction, true);
    return () => {
      active = false;
      document.removeEventListener("focusin", onInteraction, true);
      document.removeEventListener("pointerdown", onInteraction, true);
    };
  }, [validator, loader, formId, loadNow]);

  const check = (formData: FormData): boolean | undefined => {
    const submission = parseNow(formData);
    return submission && submission.status === "success";
  };
  return [form, fields, check] as const;
}

/**
 * Whether a submit event is the visitor's: Conform re-checks a field as it is edited by
 * submitting the form with its own intent button (`__intent__`), and a form that toasts on a
 * failed submit must not toast on every keystroke after one.
 */
export function isVisitorSubmit(event: { nativeEvent: Event }): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  return submitter?.name !== "__intent__";
}
