import { Search, SlidersHorizontal, X } from "lucide-react";
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { MINE, UNASSIGNED } from "@shared/constants";
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "@shared/enumerations";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cx } from "@/lib/cx";
import type { AgentWithCount } from "@/features/agents/api/get-agents";
import { activeFilterCount, NO_FILTERS, type ListingFilters, type ListingSort } from "../lib/listing-filters";
import { asOptions, FilterCheckbox, FilterSelect } from "./filter-controls";
import { LazyFactFilters } from "./lazy-fact-filters";

interface ListingToolbarProps {
  search: string;
  onSearchChange(search: string): void;
  filters: ListingFilters;
  onFiltersChange(filters: ListingFilters): void;
  /** Changes some filters and keeps the rest; stable across renders. */
  onFiltersUpdate(changes: Partial<ListingFilters>): void;
  sort: ListingSort;
  onSortChange(sort: ListingSort): void;
  agents: AgentWithCount[] | undefined;
  /** Right of the search box (the grid/list toggle). */
  trailing?: ReactNode;
  /** The line under the filters: Select All and the result count. */
  children?: ReactNode;
}

// Made once, so the memoised selects see the same options on every render.
const CATEGORY_OPTIONS = asOptions(MARKETING_CATEGORIES);
const OFFERING_OPTIONS = asOptions(OFFERING_TYPES);
const UNASSIGNED_OPTION = { value: UNASSIGNED, label: "Unassigned" };

// The full hint needs about 400 px; beside Filters and the layout toggle a phone's box has a
// quarter of that. The box shows the longest hint that fits it whole (its name stays "Search
// listings" for screen readers).
const PLACEHOLDERS = [
  "Search name, address, city, ZIP, type, agent or description",
  "Search name, address, city or agent",
  "Search listings",
  "Search",
];

/** The longest placeholder that fits the input's text area, kept current as it resizes. */
function useFittingPlaceholder() {
  const ref = useRef<HTMLInputElement>(null);
  const [placeholder, setPlaceholder] = useState(PLACEHOLDERS[0]);
  useLayoutEffect(() => {
    const input = ref.current;
    const context = document.createElement("canvas").getContext("2d");
    if (!input || !context) return;
    const fit = () => {
      const style = getComputedStyle(input);
      // A few pixels spare for rounding; the font from its parts, since the `font` shorthand reads
      // as "" whenever a part it cannot express is set, and the canvas then measures 10 px text.
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 4;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      setPlaceholder(PLACEHOLDERS.find((text) => context.measureText(text).width <= room) ?? PLACEHOLDERS[PLACEHOLDERS.length - 1]);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(input);
    return () => observer.disconnect();
  }, []);
  return [ref, placeholder] as const;
}

/** Search, filters and the view controls above a listing grid. On phones the filters fold away. */
export function ListingToolbar({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
  onFiltersUpdate,
  sort,
  onSortChange,
  agents,
  trailing,
  children,
}: ListingToolbarProps) {
  const panelId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const count = activeFilterCount(filters);
  const [searchRef, placeholder] = useFittingPlaceholder();
  // Stable handlers and options, so the memoised controls skip rendering when another one changes.
  const on = useMemo(
    () => ({
      category: (v: string) => onFiltersUpdate({ category: v as ListingFilters["category"] }),
      offeringType: (v: string) => onFiltersUpdate({ offeringType: v as ListingFilters["offeringType"] }),
      agent: (v: string) => onFiltersUpdate({ agent: v }),
      starredOnly: (v: boolean) => onFiltersUpdate({ starredOnly: v }),
      withNotes: (v: boolean) => onFiltersUpdate({ withNotes: v }),
    }),
    [onFiltersUpdate],
  );
  // "My listings" first: the signed-in member's own agent profile.
  const agentOptions = useMemo(() => [{ value: MINE, label: "My listings" }, ...(agents ?? []).map((a) => ({ value: a.id, label: a.name }))], [agents]);

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
            ref={searchRef}
            placeholder={placeholder}
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
          {/* On the narrowest phones the word gives way to the search box's hint (three layout buttons share the row); it stays the button's name. */}
          <span className="max-[419px]:sr-only">Filters</span>
          {count > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-2xs font-semibold text-primary-foreground">{count}</span>
          ) : null}
        </Button>
        {trailing}
      </div>

      <div
        id={panelId}
        className={cx(
          "gap-2 md:flex md:flex-wrap md:items-center",
          filtersOpen ? "grid rounded-lg border bg-surface p-3 shadow-xs md:border-0 md:bg-transparent md:p-0 md:shadow-none" : "hidden",
        )}
      >
        <FilterSelect
          label="Marketing category"
          testId="filter-category"
          value={filters.category}
          onChange={on.category}
          allLabel="All categories"
          options={CATEGORY_OPTIONS}
        />
        <FilterSelect
          label="Offering type"
          testId="filter-offering-type"
          value={filters.offeringType}
          onChange={on.offeringType}
          allLabel="All offering types"
          options={OFFERING_OPTIONS}
        />
        <FilterSelect
          label="Agent"
          testId="filter-agent"
          value={filters.agent}
          onChange={on.agent}
          allLabel="All agents"
          extra={UNASSIGNED_OPTION}
          options={agentOptions}
        />
        <div className="flex flex-wrap items-center gap-x-3">
          <FilterCheckbox label="Starred" checked={filters.starredOnly} onChange={on.starredOnly} />
          <FilterCheckbox label="With Notes" checked={filters.withNotes} onChange={on.withNotes} />
        </div>
        <LazyFactFilters filters={filters} onFiltersUpdate={onFiltersUpdate} sort={sort} onSortChange={onSortChange} shown={filtersOpen} />
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
