import type { ComponentProps, ReactNode } from "react";

/**
 * A page section named by its own heading: `<section aria-labelledby>` + `<h2 id>`. The pair
 * must share one id, so one component writes both; pages give only the id (unique on the page,
 * and stable: links and tests reach sections by it and by the heading's text).
 *
 * `titleClassName` defaults to the detail pages' section heading; `titleProps` is for the rare
 * extra on the heading itself (e.g. `tabIndex={-1}` so a table-of-contents jump moves focus).
 */
export function Section({
  id,
  title,
  titleClassName = "text-xl font-semibold",
  titleProps,
  children,
  ...props
}: Omit<ComponentProps<"section">, "id" | "title" | "aria-labelledby"> & {
  id: string;
  title: ReactNode;
  titleClassName?: string;
  titleProps?: Omit<ComponentProps<"h2">, "id" | "className" | "children">;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} {...props}>
      <h2 id={id} className={titleClassName || undefined} {...titleProps}>
        {title}
      </h2>
      {children}
    </section>
  );
}
