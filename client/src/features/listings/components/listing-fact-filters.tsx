// The listing facts' filters (property type, deal stage, price and size ranges, expiring soon) and the
// sort choice, beside the spec's filters in the listing toolbar.
import { memo, useId, useMemo, useState } from "react";
import { DEAL_STAGES, PROPERTY_TYPES } from "@shared/listing-fact-choices";
import type { Parsed } from "@shared/parse/decimal";
import { formatDollars, parseMoney } from "@shared/parse/money";
import { formatSquareFeet, parseSquareFeet } from "@shared/parse/size";
import { ChoiceSelect } from "@/components/ui/choice-select";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { parseSortToken, sortToken, type ListingFilters, type ListingSort } from "../lib/listing-filters";
import { SORT_CHOICES } from "../lib/sort-choices";
import { asOptions, FilterCheckbox, FilterSelect } from "./filter-controls";

interface BoundInputProps {
  label: string;
  value: number | null;
  onChange(value: number | null): void;
  parse(text: string): Parsed<number>;
  format(value: number): string;
  placeholder: string;
  testId: string;
}

/**
 * One end of a range, typed as people write it ("1.65M", "20,000 SF"). A value that does not
 * read is marked and leaves the filter as it was, rather than hiding every listing.
 */
function BoundInput({ label, value, onChange, parse, format, placeholder, testId }: BoundInputProps) {
  const [text, setText] = useState(value === null ? "" : format(value));
  const read = parse(text);
  const invalid = !read.ok;
  // Cleared or changed from outside (Clear filters, a link): show the new value. Adjusted while
  // rendering (React's pattern for state derived from a prop), so no effect and no extra render.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (!read.ok || read.value !== value) setText(value === null ? "" : format(value));
  }
  return (
    <Input
      aria-label={label}
      title={invalid ? `${label}: type an amount like ${placeholder}` : undefined}
      aria-invalid={invalid || undefined}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      data-testid={testId}
      className={cn("h-9 w-full md:w-28", invalid && "border-destructive")}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value);
        if (next.ok && next.value !== value) onChange(next.value);
      }}
    />
  );
}

const RangeFilter = memo(function RangeFilter({
  label,
  min,
  max,
  onMinChange,
  onMaxChange,
  parse,
  format,
  placeholders,
  testId,
}: {
  label: string;
  min: number | null;
  max: number | null;
  onMinChange(min: number | null): void;
  onMaxChange(max: number | null): void;
  parse(text: string): Parsed<number>;
  format(value: number): string;
  placeholders: readonly [string, string];
  testId: string;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="flex items-center gap-1.5">
      <span id={id} className="w-12 shrink-0 text-xs font-medium text-muted-foreground md:w-auto">
        {label}
      </span>
      <BoundInput label={`${label} from`} value={min} onChange={onMinChange} parse={parse} format={format} placeholder={placeholders[0]} testId={`${testId}-min`} />
      <span aria-hidden className="text-muted-foreground">
        –
      </span>
      <BoundInput label={`${label} to`} value={max} onChange={onMaxChange} parse={parse} format={format} placeholder={placeholders[1]} testId={`${testId}-max`} />
    </div>
  );
});

const PROPERTY_TYPE_OPTIONS = asOptions(PROPERTY_TYPES);
const DEAL_STAGE_OPTIONS = asOptions(DEAL_STAGES);
const PRICE_PLACEHOLDERS = ["Min $", "Max $"] as const;
const SIZE_PLACEHOLDERS = ["Min SF", "Max SF"] as const;

export function FactFilters({ filters, onFiltersUpdate }: { filters: ListingFilters; onFiltersUpdate(changes: Partial<ListingFilters>): void }) {
  // Stable handlers, so the memoised controls render only when their own filter changes.
  const on = useMemo(
    () => ({
      propertyType: (v: string) => onFiltersUpdate({ propertyType: v as ListingFilters["propertyType"] }),
      dealStage: (v: string) => onFiltersUpdate({ dealStage: v as ListingFilters["dealStage"] }),
      priceMin: (priceMin: number | null) => onFiltersUpdate({ priceMin }),
      priceMax: (priceMax: number | null) => onFiltersUpdate({ priceMax }),
      sizeMin: (sizeMin: number | null) => onFiltersUpdate({ sizeMin }),
      sizeMax: (sizeMax: number | null) => onFiltersUpdate({ sizeMax }),
      expiringSoon: (expiringSoon: boolean) => onFiltersUpdate({ expiringSoon }),
    }),
    [onFiltersUpdate],
  );
  return (
    <>
      <FilterSelect
        label="Property type"
        testId="filter-property-type"
        value={filters.propertyType}
        onChange={on.propertyType}
        allLabel="All property types"
        options={PROPERTY_TYPE_OPTIONS}
      />
      <FilterSelect
        label="Deal stage"
        testId="filter-deal-stage"
        value={filters.dealStage}
        onChange={on.dealStage}
        allLabel="All deal stages"
        options={DEAL_STAGE_OPTIONS}
      />
      <RangeFilter
        label="Price"
        testId="filter-price"
        min={filters.priceMin}
        max={filters.priceMax}
        onMinChange={on.priceMin}
        onMaxChange={on.priceMax}
        parse={parseMoney}
        format={formatDollars}
        placeholders={PRICE_PLACEHOLDERS}
      />
      <RangeFilter
        label="Size"
        testId="filter-size"
        min={filters.sizeMin}
        max={filters.sizeMax}
        onMinChange={on.sizeMin}
        onMaxChange={on.sizeMax}
        parse={parseSquareFeet}
        format={formatSquareFeet}
        placeholders={SIZE_PLACEHOLDERS}
      />
      <FilterCheckbox label="Expiring within 30 days" checked={filters.expiringSoon} onChange={on.expiringSoon} />
    </>
  );
}

/** Newest, Price, Size, Expiration, Name, each both ways; starred listings stay first. */
export const SortSelect = memo(function SortSelect({ sort, onChange }: { sort: ListingSort; onChange(sort: ListingSort): void }) {
  return (
    <ChoiceSelect
      aria-label="Sort"
      prefix="Sort:"
      value={sortToken(sort)}
      onValueChange={(token) => onChange(parseSortToken(token))}
      data-testid="listing-sort"
      wrapperClassName="md:w-60"
    >
      {SORT_CHOICES.map((choice) => (
        <option key={sortToken(choice.sort)} value={sortToken(choice.sort)}>
          {choice.label}
        </option>
      ))}
    </ChoiceSelect>
  );
});
