import { useT } from "~/lib/i18n/use-t";
import { STEP_COUNT, STEPS } from "~/modules/homes/wizard";

/** Where the owner is in the four steps: numbered markers, titles from small screens up. */
export function WizardProgress({ step }: { step: number }) {
  const t = useT();
  return (
    <nav aria-label={t("wizard.stepsLabel")} className="mt-8">
      <p className="text-sm font-medium text-slate-600">{t("wizard.progress", { current: step, total: STEP_COUNT })}</p>
      <ol className="mt-3 grid grid-cols-4 gap-2">
        {STEPS.map((s, i) => {
          const n = i + 1;
          const done = n < step;
          const current = n === step;
          return (
            <li key={s.id} aria-current={current ? "step" : undefined} className="flex flex-col gap-2">
              <span aria-hidden="true" className={`h-1.5 rounded-full ${n <= step ? "bg-teal-700" : "bg-slate-200"}`} />
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                    done ? "bg-teal-700 text-white" : current ? "border-2 border-teal-700 text-teal-800" : "border border-slate-300 text-slate-500"
                  }`}
                >
                  {done ? "✓" : n}
                </span>
                <span className={`hidden text-sm sm:inline ${current ? "font-semibold text-slate-900" : "text-slate-600"}`}>{t(s.titleKey)}</span>
                <span className="sr-only sm:hidden">{t(s.titleKey)}</span>
                {done ? <span className="sr-only"> ({t("wizard.stepDone")})</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
