import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";

/**
 * Keeps a field equal to the page's search term while the visitor keeps searching, until they
 * edit the field themselves (from then on it is theirs). The no-results request forms use it:
 * their "what you were looking for" field starts as the term.
 */
export function useFollowTerm(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's update fits
  form: Pick<FormMetadata<any>, "update">,
  field: { name: string; value?: unknown },
  term: string,
) {
  const followed = useRef(term);
  const value = typeof field.value === "string" ? field.value : "";
  const { update } = form;
  useEffect(() => {
    if (term === followed.current) return;
    const untouched = value.trim() === followed.current.trim();
    followed.current = term;
    if (untouched) update({ name: field.name, value: term });
  }, [term, value, update, field.name]);
}
