// The Add / Edit form's Deal Facts (docs/decisions/135-listing-facts.md), after Property Details. Every field is optional and
// takes what people type ("$1,650,000", "1.65M", "20,000 SF", "7.5%"); the shared zod shapes
// read it with the shared parsers, so the form and the server say the same things.
import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import {
  BUILDING_CLASSES,
  DEAL_STAGES,
  LEASE_RATE_UNITS,
  LEASE_TYPES,
  PROPERTY_TYPES,
} from "@shared/listing-fact-choices";
import type { ListingFacts } from "@shared/listing-facts";
import { formatDollars, formatDollarsAndCents } from "@shared/parse/money";
import { groupDigits } from "@shared/parse/decimal";
import type { ListingFormValues } from "@shared/schema";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ListingFormSection } from "./listing-form-section";

type Form = UseFormReturn<ListingFormValues>;
type ChoiceName = "propertyType" | "dealStage" | "leaseRateUnit" | "leaseType" | "buildingClass";
type TextName = "propertySubtype" | "zip" | "askingPrice" | "leaseRate" | "buildingSizeSf" | "availableSizeSf" | "lotSizeAcres" | "yearBuilt" | "capRate" | "zoning";

// Radix Select items cannot have an empty value: "not set" needs a token of its own.
const NONE = "none";

/** The facts as the form shows them: numbers written as a person would, nulls as empty text. */
export function dealFactsFormValues(listing: Partial<ListingFacts> | undefined): Partial<ListingFormValues> {
  const l = listing ?? {};
  const text = (v: string | number | null | undefined, format: (n: number) => string = String) =>
    v == null ? "" : typeof v === "number" ? format(v) : v;
  return {
    propertyType: l.propertyType ?? null,
    propertySubtype: text(l.propertySubtype),
    zip: text(l.zip),
    askingPrice: text(l.askingPrice, formatDollars),
    leaseRate: text(l.leaseRate, formatDollarsAndCents),
    leaseRateUnit: l.leaseRateUnit ?? null,
    leaseType: l.leaseType ?? null,
    buildingSizeSf: text(l.buildingSizeSf, (n) => groupDigits(n)),
    availableSizeSf: text(l.availableSizeSf, (n) => groupDigits(n)),
    lotSizeAcres: text(l.lotSizeAcres),
    yearBuilt: text(l.yearBuilt),
    buildingClass: l.buildingClass ?? null,
    capRate: text(l.capRate, (n) => `${n}%`),
    zoning: text(l.zoning),
    dealStage: l.dealStage ?? null,
    listingDate: text(l.listingDate),
    expirationDate: text(l.expirationDate),
  };
}

/** The facts in reading order, for focusing the first field a server error names. */
export const DEAL_FACT_FIELD_ORDER = [
  "propertyType",
  "propertySubtype",
  "dealStage",
  "askingPrice",
  "leaseRate",
  "leaseRateUnit",
  "leaseType",
  "buildingSizeSf",
  "availableSizeSf",
  "lotSizeAcres",
  "yearBuilt",
  "buildingClass",
  "capRate",
  "zoning",
  "zip",
  "listingDate",
  "expirationDate",
] as const;

function FactChoice({
  form,
  name,
  label,
  values,
  optionLabel = (v) => v,
}: {
  form: Form;
  name: ChoiceName;
  label: string;
  values: readonly string[];
  optionLabel?: (value: string) => string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message}>
          <FactSelect
            value={(field.value as string | null | undefined) ?? NONE}
            onValueChange={(value) => field.onChange(value === NONE ? null : value)}
            onBlur={field.onBlur}
            triggerRef={field.ref}
          >
            <SelectItem value={NONE}>Not set</SelectItem>
            <SelectSeparator />
            {values.map((value) => (
              <SelectItem key={value} value={value}>
                {optionLabel(value)}
              </SelectItem>
            ))}
          </FactSelect>
        </FormField>
      )}
    />
  );
}

function FactSelect({
  value,
  onValueChange,
  onBlur,
  triggerRef,
  children,
  ...aria
}: {
  value: string;
  onValueChange(value: string): void;
  onBlur(): void;
  triggerRef: (el: HTMLButtonElement | null) => void;
  children: ReactNode;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger ref={triggerRef} onBlur={onBlur} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}

function FactText({
  form,
  name,
  label,
  placeholder,
  hint,
  inputMode = "decimal",
}: {
  form: Form;
  name: TextName;
  label: string;
  placeholder?: string;
  hint?: string;
  inputMode?: "decimal" | "numeric" | "text";
}) {
  return (
    <FormField label={label} hint={hint} error={form.formState.errors[name]?.message}>
      <Input autoComplete="off" inputMode={inputMode} placeholder={placeholder} {...form.register(name)} />
    </FormField>
  );
}

function FactDate({ form, name, label }: { form: Form; name: "listingDate" | "expirationDate"; label: string }) {
  return (
    <FormField label={label} error={form.formState.errors[name]?.message}>
      <Input type="date" min="1700-01-01" max="9999-12-31" {...form.register(name)} />
    </FormField>
  );
}

export function DealFactsSection({ form }: { form: Form }) {
  return (
    <ListingFormSection
      title="Deal Facts"
      description="All optional. Type numbers as you would write them: $1,650,000 or 1.65M, 20,000 SF, 7.5%."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FactChoice form={form} name="propertyType" label="Property Type" values={PROPERTY_TYPES} />
        <FactText form={form} name="propertySubtype" label="Property Subtype" placeholder="e.g. Strip Center" inputMode="text" />
        <FactChoice form={form} name="dealStage" label="Deal Stage" values={DEAL_STAGES} />
        <FactText form={form} name="askingPrice" label="Asking Price" placeholder="$1,650,000 or 1.65M" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FactText form={form} name="leaseRate" label="Lease Rate" placeholder="$18.50" />
        <FactChoice form={form} name="leaseRateUnit" label="Lease Rate Unit" values={LEASE_RATE_UNITS} />
        <FactChoice form={form} name="leaseType" label="Lease Type" values={LEASE_TYPES} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FactText form={form} name="buildingSizeSf" label="Building Size (SF)" placeholder="20,000 SF" />
        <FactText form={form} name="availableSizeSf" label="Available Size (SF)" placeholder="±2,520 SF" />
        <FactText form={form} name="lotSizeAcres" label="Lot Size (Acres)" placeholder="2.5 acres or 94,290 SF" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FactText form={form} name="yearBuilt" label="Year Built" placeholder="1998" inputMode="numeric" />
        <FactChoice form={form} name="buildingClass" label="Building Class" values={BUILDING_CLASSES} optionLabel={(v) => `Class ${v}`} />
        <FactText form={form} name="capRate" label="Cap Rate (%)" placeholder="7.5%" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FactText form={form} name="zoning" label="Zoning" placeholder="e.g. C-2" inputMode="text" />
        <FactText form={form} name="zip" label="ZIP" placeholder="26501" inputMode="numeric" />
        <FactDate form={form} name="listingDate" label="Listing Date" />
        <FactDate form={form} name="expirationDate" label="Expiration Date" />
      </div>
    </ListingFormSection>
  );
}
