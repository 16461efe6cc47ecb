import type { SubmissionResult } from "@conform-to/react";

/** The messages a refused back-office form came back with: for the whole form or one field. */
export function FormError({ result, name = "" }: { result?: SubmissionResult<string[]> | undefined; name?: string }) {
  const messages = result?.error?.[name];
  if (!messages?.length) return null;
  return (
    <p id={name ? `${name}-error` : undefined} role="alert" className="field-error">
      {messages.join(" ")}
    </p>
  );
}
