// The small controls the listing filters are made of: a labelled select and a checkbox.
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { ALL } from "../lib/listing-filters";

interface FilterSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  allLabel: string;
  extra?: { value: string; label: string };
  testId: string;
}

export function FilterSelect({ label, value, onChange, options, allLabel, extra, testId }: FilterSelectProps) {
  const labelId = useId();
  const triggerId = useId();
  return (
    <Select value={value} onValueChange={onChange}>
      <span id={labelId} className="sr-only">
        {label}
      </span>
      {/* Named by the filter and the shown value, so the visible text is part of the name. */}
      <SelectTrigger
        id={triggerId}
        aria-labelledby={`${labelId} ${triggerId}`}
        data-testid={testId}
        className={cn("md:w-44", value !== ALL && "border-primary/50 bg-primary/5")}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {extra ? <SelectItem value={extra.value}>{extra.label}</SelectItem> : null}
        <SelectSeparator />
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function FilterCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="flex h-9 items-center gap-2 px-1">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="cursor-pointer text-sm font-normal">
        {label}
      </Label>
    </div>
  );
}

export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

