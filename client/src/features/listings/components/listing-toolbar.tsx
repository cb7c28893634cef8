import { Search, SlidersHorizontal, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { UNASSIGNED } from "@shared/constants";
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { AgentWithCount } from "@/features/agents/api/get-agents";
import { cn } from "@/lib/cn";
import { activeFilterCount, ALL, NO_FILTERS, type ListingFilters } from "../lib/listing-filters";

interface ListingToolbarProps {
  search: string;
  onSearchChange(search: string): void;
  filters: ListingFilters;
  onFiltersChange(filters: ListingFilters): void;
  agents: AgentWithCount[] | undefined;
  /** Right of the search box (the grid/list toggle). */
  trailing?: ReactNode;
  /** The line under the filters: Select All and the result count. */
  children?: ReactNode;
}

interface FilterSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  allLabel: string;
  extra?: { value: string; label: string };
  testId: string;
}

function FilterSelect({ label, value, onChange, options, allLabel, extra, testId }: FilterSelectProps) {
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

function FilterCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
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

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Search, filters and the view controls above a listing grid. On phones the filters fold away. */
export function ListingToolbar({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
  agents,
  trailing,
  children,
}: ListingToolbarProps) {
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const count = activeFilterCount(filters);
  const set = <K extends keyof ListingFilters>(key: K, value: ListingFilters[K]) => onFiltersChange({ ...filters, [key]: value });

  return (
    <section aria-label="Search and filters" className="grid gap-3">
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            aria-label="Search listings"
            placeholder="Search name, address, city, state or description"
            className="pl-9"
            data-testid="listing-search"
          />
        </div>
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden />
          Filters
          {count > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-2xs font-semibold text-primary-foreground">{count}</span>
          ) : null}
        </Button>
        {trailing}
      </div>

      <div
        id={panelId}
        className={cn(
          "gap-2 md:flex md:flex-wrap md:items-center",
          filtersOpen ? "grid rounded-lg border bg-surface p-3 shadow-xs md:border-0 md:bg-transparent md:p-0 md:shadow-none" : "hidden",
        )}
      >
        <FilterSelect
          label="Marketing category"
          testId="filter-category"
          value={filters.category}
          onChange={(v) => set("category", v as ListingFilters["category"])}
          allLabel="All categories"
          options={asOptions(MARKETING_CATEGORIES)}
        />
        <FilterSelect
          label="Offering type"
          testId="filter-offering-type"
          value={filters.offeringType}
          onChange={(v) => set("offeringType", v as ListingFilters["offeringType"])}
          allLabel="All offering types"
          options={asOptions(OFFERING_TYPES)}
        />
        <FilterSelect
          label="Agent"
          testId="filter-agent"
          value={filters.agent}
          onChange={(v) => set("agent", v)}
          allLabel="All agents"
          extra={{ value: UNASSIGNED, label: "Unassigned" }}
          options={(agents ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
        <div className="flex flex-wrap items-center gap-x-3">
          <FilterCheckbox label="Starred" checked={filters.starredOnly} onChange={(v) => set("starredOnly", v)} />
          <FilterCheckbox label="With Notes" checked={filters.withNotes} onChange={(v) => set("withNotes", v)} />
        </div>
        {count > 0 ? (
          <Button variant="ghost" size="sm" className="justify-self-start text-muted-foreground" onClick={() => onFiltersChange(NO_FILTERS)}>
            <X aria-hidden />
            Clear filters
          </Button>
        ) : null}
      </div>

      {children}
    </section>
  );
}
