import { useId, type ReactNode, type Ref } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { UNASSIGNED } from "@shared/constants";
import {
  CATEGORY_PRIORITY,
  MARKETING_CATEGORIES,
  OFFERING_TYPES,
  STATES,
  type ListingFormValues,
} from "@shared/schema";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Checkbox } from "@/components/ui/checkbox";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useAgents } from "@/features/agents/api/get-agents";
import { categoryColor, useSettings } from "@/features/settings/api/get-settings";
import type { ListingSummary } from "../api/listing-types";
import { DealFactsSection } from "./deal-facts-section";
import { ListingFormSection } from "./listing-form-section";

type Form = UseFormReturn<ListingFormValues>;

interface SelectControlProps {
  value: string | undefined;
  onValueChange(value: string): void;
  onBlur(): void;
  placeholder: string;
  children: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  // Set by FormField, for the trigger: it is the control people reach.
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** A Radix select whose trigger takes the label, error wiring and focus of a form control. */
function SelectControl({ value, onValueChange, onBlur, placeholder, children, triggerRef, ...aria }: SelectControlProps) {
  return (
    // An empty string would select nothing yet hide the placeholder; undefined shows it.
    <Select value={value || undefined} onValueChange={onValueChange}>
      <SelectTrigger ref={triggerRef} onBlur={onBlur} {...aria}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}

function ChoiceField({
  form,
  name,
  label,
  placeholder,
  children,
}: {
  form: Form;
  name: "state" | "offeringType" | "marketingCategory";
  label: string;
  placeholder: string;
  children: ReactNode;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} required error={fieldState.error?.message}>
          <SelectControl
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            placeholder={placeholder}
          >
            {children}
          </SelectControl>
        </FormField>
      )}
    />
  );
}

function CategoryOption({ category }: { category: (typeof MARKETING_CATEGORIES)[number] }) {
  const settings = useSettings();
  return (
    <SelectItem value={category}>
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden
          className="size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
          style={{ backgroundColor: categoryColor(category, settings.data) }}
        />
        <span>
          {category} <span className="text-muted-foreground">({CATEGORY_PRIORITY[category]})</span>
        </span>
      </span>
    </SelectItem>
  );
}

function AgentField({ form, listing }: { form: Form; listing?: ListingSummary }) {
  const agents = useAgents();
  // Until the directory loads, the listing's own agent keeps its name visible in the trigger.
  const options =
    agents.data ?? (listing?.agentId && listing.agentName ? [{ id: listing.agentId, name: listing.agentName }] : []);
  return (
    <Controller
      control={form.control}
      name="agentId"
      render={({ field, fieldState }) => (
        <FormField
          label="Assigned Agent"
          error={fieldState.error?.message}
          hint={agents.isError ? "The agent list could not be loaded." : undefined}
        >
          <SelectControl
            value={field.value ?? UNASSIGNED}
            onValueChange={(value) => field.onChange(value === UNASSIGNED ? null : value)}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            placeholder="Unassigned"
          >
            <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
            {options.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.name}
              </SelectItem>
            ))}
          </SelectControl>
        </FormField>
      )}
    />
  );
}

export function BasicInformationSection({ form, listing }: { form: Form; listing?: ListingSummary }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <ListingFormSection title="Basic Information">
      <FormField label="Listing Name" required error={errors.listingName?.message}>
        <Input autoComplete="off" placeholder="e.g. Riverside Diner" {...register("listingName")} />
      </FormField>
      <FormField label="Address" required error={errors.address?.message}>
        <Input autoComplete="off" placeholder="123 Main St" {...register("address")} />
      </FormField>
      <ConfidentialAddressField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" required error={errors.city?.message}>
          <Input autoComplete="off" {...register("city")} />
        </FormField>
        <ChoiceField form={form} name="state" label="State" placeholder="Select a state">
          {STATES.map((state) => (
            <SelectItem key={state.code} value={state.code}>
              {state.code} ({state.name})
            </SelectItem>
          ))}
        </ChoiceField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField form={form} name="offeringType" label="Offering Type" placeholder="Select an offering type">
          {OFFERING_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {type}
            </SelectItem>
          ))}
        </ChoiceField>
        <ChoiceField form={form} name="marketingCategory" label="Marketing Category" placeholder="Select a category">
          {MARKETING_CATEGORIES.map((category) => (
            <CategoryOption key={category} category={category} />
          ))}
        </ChoiceField>
      </div>
      <AgentField form={form} listing={listing} />
    </ListingFormSection>
  );
}

export function PropertyDetailsSection({ form }: { form: Form }) {
  const { errors } = form.formState;
  // Deal Facts follow Property Details, as their own section of the form.
  return (
    <>
      <ListingFormSection title="Property Details">
        <FormField label="Property Description" required error={errors.propertyDescription?.message}>
          <Textarea rows={5} placeholder="What is for sale or lease, and why it stands out." {...form.register("propertyDescription")} />
        </FormField>
        <FormField
          label="Notes (internal)"
          hint="Only your team sees these; they never appear in posts."
          error={errors.notes?.message}
        >
          <Textarea rows={3} {...form.register("notes")} />
        </FormField>
        <FormField label="Marketing Category Reference" error={errors.marketingCategoryReference?.message}>
          <Input autoComplete="off" {...form.register("marketingCategoryReference")} />
        </FormField>
      </ListingFormSection>
      <DealFactsSection form={form} />
    </>
  );
}

type LinkName = "marketingFlyerLink" | "looplinkLink" | "googleDriveLink" | "dropboxLink";

function LinkField({ form, name, label, placeholder }: { form: Form; name: LinkName; label: string; placeholder: string }) {
  return (
    <FormField label={label} error={form.formState.errors[name]?.message}>
      <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder={placeholder} {...form.register(name)} />
    </FormField>
  );
}

export function MarketingResourcesSection({ form }: { form: Form }) {
  return (
    <ListingFormSection title="Marketing Resources">
      <LinkField form={form} name="marketingFlyerLink" label="Marketing Flyer Link" placeholder="https://" />
      <LinkField form={form} name="looplinkLink" label="Looplink Link" placeholder="https://www.loopnet.com/..." />
    </ListingFormSection>
  );
}

export function MediaLinksSection({ form }: { form: Form }) {
  return (
    <ListingFormSection title="Media Links">
      <LinkField form={form} name="googleDriveLink" label="Google Drive Link" placeholder="https://drive.google.com/..." />
      <LinkField form={form} name="dropboxLink" label="Dropbox Link" placeholder="https://www.dropbox.com/..." />
    </ListingFormSection>
  );
}

/** Outside-facing pieces (the flyer) then show the city and state only. */
function ConfidentialAddressField({ form }: { form: Form }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="addressConfidential"
      render={({ field }) => (
        <div className="-mt-2 flex items-start gap-2">
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value ?? false}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-0.5">
            {/* Not "address" in the label: the Address field's label must stay the only one with it. */}
            <label htmlFor={id} className="text-[13px] font-medium leading-none">
              Keep the street confidential
            </label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              Flyers show only the city and state.
            </p>
          </div>
        </div>
      )}
    />
  );
}

export function StatusSection({ form }: { form: Form }) {
  const id = useId();
  return (
    <ListingFormSection title="Status">
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
            <div className="grid gap-0.5">
              <label htmlFor={id} className="text-[13px] font-medium">
                Active
              </label>
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {field.value ? "Shown in Active Listings." : "Kept in Not In Use."}
              </p>
            </div>
            <Switch
              id={id}
              ref={field.ref}
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${id}-hint`}
            />
          </div>
        )}
      />
    </ListingFormSection>
  );
}
