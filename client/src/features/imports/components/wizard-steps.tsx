import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { WIZARD_STEPS, type WizardStep } from "../lib/wizard-state";

const LABELS: Record<WizardStep, string> = { file: "File", map: "Map", preview: "Preview", import: "Import", result: "Result" };

/** The heading the wizard moves focus to when the step changes, so a screen reader hears where it is. */
export const STEP_HEADING_ID = "wizard-step-heading";

/** Where the wizard is: all five steps from a tablet up, "Step 2 of 5: Map" on a phone. */
export function WizardSteps({ step }: { step: WizardStep }) {
  const current = WIZARD_STEPS.indexOf(step);
  return (
    <nav aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1} className="text-sm font-medium outline-none sm:sr-only" data-testid="wizard-step">
        Step {current + 1} of {WIZARD_STEPS.length}: {LABELS[step]}
      </h2>
      <ol className="flex items-center gap-2 max-sm:hidden">
        {WIZARD_STEPS.map((s, i) => (
          <li key={s} className="flex items-center gap-2" aria-current={i === current ? "step" : undefined}>
            <span
              aria-hidden
              className={cn(
                "flex size-6 items-center justify-center rounded-full border text-xs font-semibold",
                i < current && "border-primary bg-primary text-primary-foreground",
                i === current && "border-primary text-primary",
                i > current && "text-muted-foreground",
              )}
            >
              {i < current ? <Check className="size-3.5" /> : i + 1}
            </span>
            <span className={cn("text-sm", i === current ? "font-semibold" : "text-muted-foreground")}>
              {LABELS[s]}
              {i < current ? <span className="sr-only"> (done)</span> : null}
            </span>
            {i < WIZARD_STEPS.length - 1 ? <span aria-hidden className="h-px w-6 bg-border lg:w-10" /> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
