import { href, redirect } from "react-router";

/** The prototype's unprotected /admin-sim now points at the real, admin-only back office. */
export function loader() {
  return redirect(href("/admin"), 301);
}
