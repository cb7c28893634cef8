// The small controls the listing filters are made of: a labelled select and a checkbox.
import { memo, useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { ChoiceSelect } from "@/components/ui/choice-select";
import { Label } from "@/components/ui/label";
import { cx } from "@/lib/cx";
import { ALL } from "../lib/listing-filters";

interface FilterSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  allLabel: string;
  extra?: { value: string; label: string };
  testId: string;
}

// The toolbar's controls are memoised and get stable props: a filter or sort
// choice then renders the one control that changed, not every select with its options.
export const FilterSelect = memo(function FilterSelect({ label, value, onChange, options, allLabel, extra, testId }: FilterSelectProps) {
  return (
    <ChoiceSelect
      aria-label={label}
      value={value}
      onValueChange={onChange}
      data-testid={testId}
      wrapperClassName="md:w-44"
      // A filter that is set stands out (the select matches :read-only, hence the variant).
      className={cx(value !== ALL && "border-primary/50 read-only:bg-primary/5")}
    >
      <option value={ALL}>{allLabel}</option>
      {extra ? <option value={extra.value}>{extra.label}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </ChoiceSelect>
  );
});

export const FilterCheckbox = memo(function FilterCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex h-9 items-center gap-2 px-1">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="cursor-pointer text-sm font-normal">
        {label}
      </Label>
    </div>
  );
});

export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

