import { useId } from "react";
import { MATCH_BY, MATCH_BY_LABELS, type MatchBy } from "@shared/imports/targets";
import { cn } from "@/lib/cn";
import { MATCH_BY_EXPLANATIONS } from "../lib/import-text";

interface MatchByChoiceProps {
  value: MatchBy;
  /** The rule the mapping suggests: the strongest key it has. */
  suggested: MatchBy;
  disabled: boolean;
  onChange(value: MatchBy): void;
}

/** How a row finds the listing it updates: four policies, each said plainly, the mapping's strongest marked. */
export function MatchByChoice({ value, suggested, disabled, onChange }: MatchByChoiceProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" data-testid="match-by">
      <legend className="sr-only">Match existing listings by</legend>
      {MATCH_BY.map((policy) => (
        <label
          key={policy}
          htmlFor={`${id}-${policy}`}
          className={cn(
            "grid min-h-11 cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/20",
            value === policy && "border-primary bg-primary/5",
          )}
        >
          <input
            id={`${id}-${policy}`}
            type="radio"
            name="match-by"
            value={policy}
            checked={value === policy}
            disabled={disabled}
            onChange={() => onChange(policy)}
            className="row-span-2 mt-0.5 size-4 accent-primary"
          />
          <span className="text-sm font-medium">
            {MATCH_BY_LABELS[policy]}
            {policy === suggested ? (
              <span className="ml-2 text-xs font-normal text-muted-foreground" data-testid="match-by-suggested">
                Suggested
              </span>
            ) : null}
          </span>
          <span className="text-xs text-muted-foreground">{MATCH_BY_EXPLANATIONS[policy]}</span>
        </label>
      ))}
    </fieldset>
  );
}
