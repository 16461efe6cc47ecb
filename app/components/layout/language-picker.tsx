import { Form, useLocation } from "react-router";
import { LOCALES } from "~/lib/i18n/locales";
import { useRootData, useT } from "~/lib/i18n/use-t";
import { useCloseOnNavigation } from "./use-close-on-navigation";

/**
 * A disclosure with one submit button per language: works before JavaScript loads, and the
 * server remembers the choice in a cookie, then comes back to the same page.
 */
export function LanguagePicker() {
  const t = useT();
  const { locale } = useRootData();
  const location = useLocation();
  const ref = useCloseOnNavigation();
  const active = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
  return (
    <details ref={ref} className="disclosure relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        aria-label={t("language.current", { language: active.name })}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z" />
        </svg>
        <span translate="no">{active.short}</span>
      </summary>
      <Form
        method="post"
        action="/set-locale"
        className="absolute right-0 z-50 mt-2 w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <fieldset>
          <legend className="px-3 py-1 text-xs font-semibold uppercase text-slate-500">
            {t("language.label")}
          </legend>
          {LOCALES.map((l) => (
            <button
              key={l.code}
              type="submit"
              name="locale"
              value={l.code}
              lang={l.code}
              aria-pressed={l.code === locale}
              className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 aria-pressed:font-semibold"
            >
              <span>{l.label}</span>
              {l.code === locale ? <span aria-hidden="true">✓</span> : null}
            </button>
          ))}
        </fieldset>
      </Form>
    </details>
  );
}
