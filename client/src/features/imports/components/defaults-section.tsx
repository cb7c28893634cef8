import { Plus, X } from "lucide-react";
import { IMPORT_TARGETS, importTarget, VIRTUAL_TARGETS } from "@shared/imports/targets";
import type { ImportDefaults } from "@shared/imports/wire";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { targetLabel } from "../lib/mapping-rules";
import { Notice } from "./notice";

const FIELD_ORDER = IMPORT_TARGETS.map((t) => t.field as string).filter((f) => !(VIRTUAL_TARGETS as readonly string[]).includes(f));

/** What a default looks like, typed as a spreadsheet cell would hold it. */
const PLACEHOLDERS: Record<string, string> = {
  askingPrice: "$1,250,000",
  leaseRate: "$18.50",
  buildingSizeSf: "20,000 SF",
  availableSizeSf: "5,000 SF",
  lotSizeAcres: "2.5 acres",
  yearBuilt: "1998",
  capRate: "7.5%",
  zip: "26501",
  listingDate: "2026-01-31",
  expirationDate: "2026-12-31",
  agentId: "Agent's name",
  state: "WV",
};

interface DefaultsSectionProps {
  defaults: ImportDefaults;
  /** Required fields with neither column nor default. */
  needing: readonly string[];
  nameFromAddress: boolean;
  disabled: boolean;
  onChange(field: string, text: string): void;
  onRemove(field: string): void;
}

/**
 * A value for every row, for fields the file lacks. Required fields without a column are listed
 * first and cannot be removed; any other field can be added.
 */
export function DefaultsSection({ defaults, needing, nameFromAddress, disabled, onChange, onRemove }: DefaultsSectionProps) {
  const shown = FIELD_ORDER.filter((f) => needing.includes(f) || f in defaults);
  const addable = FIELD_ORDER.filter((f) => !shown.includes(f));
  return (
    <div className="grid gap-3" data-testid="defaults">
      {nameFromAddress ? (
        <Notice tone="info" data-testid="name-from-address">
          Listing Name has no column: each listing is named after its street address. Give Listing Name a default to name them all alike instead.
        </Notice>
      ) : null}
      {shown.length > 0 ? (
        <ul className="grid gap-3">
          {shown.map((field) => {
            const target = importTarget(field);
            const id = `default-${field}`;
            const missing = needing.includes(field);
            return (
              <li key={field} className="grid min-w-0 gap-1.5" data-testid="default-field" data-field={field}>
                <label htmlFor={id} className="text-[13px] font-medium leading-none">
                  {targetLabel(field)}
                  {missing ? (
                    <span aria-hidden className="ml-0.5 text-destructive">
                      *
                    </span>
                  ) : null}
                </label>
                <div className="flex min-w-0 items-center gap-2">
                  {target?.choices ? (
                    <NativeSelect
                      id={id}
                      
                      value={defaults[field] ?? ""}
                      disabled={disabled}
                      aria-invalid={missing || undefined}
                      aria-describedby={missing ? `${id}-hint` : undefined}
                      onChange={(e) => onChange(field, e.target.value)}
                    >
                      <option value="">Choose…</option>
                      {target.choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <Input
                      id={id}
                      value={defaults[field] ?? ""}
                      placeholder={PLACEHOLDERS[field]}
                      disabled={disabled}
                      aria-invalid={missing || undefined}
                      aria-describedby={missing ? `${id}-hint` : undefined}
                      onChange={(e) => onChange(field, e.target.value)}
                    />
                  )}
                  {missing ? null : (
                    <Button variant="ghost" size="icon" aria-label={`Remove the default for ${targetLabel(field)}`} disabled={disabled} onClick={() => onRemove(field)}>
                      <X aria-hidden />
                    </Button>
                  )}
                </div>
                {missing ? (
                  <p id={`${id}-hint`} className="text-xs font-medium text-destructive">
                    Required: no column holds {targetLabel(field)}, so every row needs this default.
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {addable.length > 0 ? (
        <div className="flex min-w-0 items-center gap-2">
          <Plus aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <label htmlFor="default-add" className="sr-only">
            Add a default for another field
          </label>
          <NativeSelect id="default-add" value="" disabled={disabled} onChange={(e) => e.target.value && onChange(e.target.value, "")}>
            <option value="">Add a default for another field…</option>
            {addable.map((field) => (
              <option key={field} value={field}>
                {targetLabel(field)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}
