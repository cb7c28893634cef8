import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode, Ref } from "react";
import { Controller, useForm, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { BUILDING_CLASSES, DEAL_STAGES, LEASE_TYPES, PROPERTY_TYPES } from "@shared/listing-fact-choices";
import {
  BULK_EDIT_FIELDS,
  CATEGORY_PRIORITY,
  insertListingSchema,
  MARKETING_CATEGORIES,
  OFFERING_TYPES,
} from "@shared/schema";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DiscardGuardScope, useDiscardGuard, useGuardedClose, useReportDirty } from "@/components/ui/discard-guard";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { categoryColor, useSettings } from "@/features/settings/api/get-settings";
import { applyServerErrors } from "@/lib/form-errors";
import { useBulkUpdateListings, type BulkUpdates } from "../api/bulk-update-listings";

export interface BulkEditDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The listings to change. */
  ids: readonly string[];
}

// Every field may stay empty, meaning "leave unchanged" (spec §5); a filled one follows the same
// rule as in the listing form.
const { shape } = insertListingSchema;
const keepOr = <S extends z.ZodType>(schema: S) => z.union([z.literal(""), schema]);
const bulkEditSchema = z.object({
  offeringType: keepOr(shape.offeringType),
  marketingCategory: keepOr(shape.marketingCategory),
  notes: shape.notes,
  marketingCategoryReference: shape.marketingCategoryReference,
  marketingFlyerLink: shape.marketingFlyerLink,
  looplinkLink: shape.looplinkLink,
  googleDriveLink: shape.googleDriveLink,
  dropboxLink: shape.dropboxLink,
  // The listing facts: blank reads as null, which means "no change" here like blank text.
  propertyType: shape.propertyType,
  dealStage: shape.dealStage,
  leaseType: shape.leaseType,
  buildingClass: shape.buildingClass,
  expirationDate: shape.expirationDate,
});
type FormValues = z.input<typeof bulkEditSchema>;
type Form = UseFormReturn<FormValues, unknown, z.output<typeof bulkEditSchema>>;

const EMPTY: FormValues = {
  offeringType: "",
  marketingCategory: "",
  notes: "",
  marketingCategoryReference: "",
  marketingFlyerLink: "",
  looplinkLink: "",
  googleDriveLink: "",
  dropboxLink: "",
  propertyType: "",
  dealStage: "",
  leaseType: "",
  buildingClass: "",
  expirationDate: "",
};

/** Only what was filled in: blank text arrives as null from the schema, an untouched select as "". */
function filledUpdates(values: z.output<typeof bulkEditSchema>): BulkUpdates {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "" && v != null)) as BulkUpdates;
}

// Radix Select items cannot have an empty value, so "No change" needs a token of its own.
const NO_CHANGE = "no-change";

interface ChoiceProps {
  form: Form;
  name: "offeringType" | "marketingCategory" | "propertyType" | "dealStage" | "leaseType" | "buildingClass";
  label: string;
  children: ReactNode;
}

function ChoiceField({ form, name, label, children }: ChoiceProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message}>
          <ChoiceTrigger
            value={(field.value as string | null | undefined) || NO_CHANGE}
            onValueChange={(value) => field.onChange(value === NO_CHANGE ? "" : value)}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            testId={`bulk-${name}`}
          >
            <SelectItem value={NO_CHANGE}>
              <span className="text-muted-foreground">No change</span>
            </SelectItem>
            <SelectSeparator />
            {children}
          </ChoiceTrigger>
        </FormField>
      )}
    />
  );
}

interface ChoiceTriggerProps {
  value: string;
  onValueChange(value: string): void;
  onBlur(): void;
  triggerRef: Ref<HTMLButtonElement>;
  testId: string;
  children: ReactNode;
  // Set by FormField, for the trigger: it is the control people reach.
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

function ChoiceTrigger({ value, onValueChange, onBlur, triggerRef, testId, children, ...aria }: ChoiceTriggerProps) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger ref={triggerRef} onBlur={onBlur} data-testid={testId} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}

type TextName = "marketingCategoryReference" | "marketingFlyerLink" | "looplinkLink" | "googleDriveLink" | "dropboxLink";

const options = (values: readonly string[], label: (v: string) => string = (v) => v) =>
  values.map((value) => (
    <SelectItem key={value} value={value}>
      {label(value)}
    </SelectItem>
  ));

function TextField({ form, name, label, url }: { form: Form; name: TextName; label: string; url?: boolean }) {
  return (
    <FormField label={label} error={form.formState.errors[name]?.message}>
      <Input
        autoComplete="off"
        placeholder="No change"
        {...(url ? { type: "url", inputMode: "url" as const, spellCheck: false } : {})}
        {...form.register(name)}
      />
    </FormField>
  );
}

function BulkEditForm({ ids, onDone }: { ids: readonly string[]; onDone(): void }) {
  const settings = useSettings().data;
  const form: Form = useForm({ resolver: zodResolver(bulkEditSchema), defaultValues: EMPTY });
  const bulkUpdate = useBulkUpdateListings();
  const count = ids.length;
  const noun = count === 1 ? "Listing" : "Listings";
  useReportDirty(form.formState.isDirty);
  const cancel = useGuardedClose();

  const onSubmit = form.handleSubmit((values) => {
    const updates = filledUpdates(values);
    if (Object.keys(updates).length === 0) {
      toast({ title: "No changes", description: "Please fill in at least one field to update" });
      return;
    }
    bulkUpdate.mutate(
      { ids, updates },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          onDone();
        },
        onError: (error) => applyServerErrors(error, form, BULK_EDIT_FIELDS),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" aria-busy={bulkUpdate.isPending || undefined}>
      <DialogHeader className="border-b px-5 py-4 sm:px-6">
        <DialogTitle>Bulk Edit</DialogTitle>
        <DialogDescription>
          {count === 1 ? "Change the selected listing." : `Change ${count.toLocaleString()} selected listings at once.`} Fields left
          empty stay as they are.
        </DialogDescription>
      </DialogHeader>
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6" data-testid="bulk-edit-body">
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField form={form} name="offeringType" label="Offering Type">
            {OFFERING_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {type}
              </SelectItem>
            ))}
          </ChoiceField>
          <ChoiceField form={form} name="marketingCategory" label="Marketing Category">
            {MARKETING_CATEGORIES.map((category) => (
              <SelectItem key={category} value={category}>
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden
                    className="size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
                    style={{ backgroundColor: categoryColor(category, settings) }}
                  />
                  <span>
                    {category} <span className="text-muted-foreground">({CATEGORY_PRIORITY[category]})</span>
                  </span>
                </span>
              </SelectItem>
            ))}
          </ChoiceField>
        </div>
        <TextField form={form} name="marketingCategoryReference" label="Marketing Category Reference" />
        <FormField
          label="Notes (internal)"
          hint="Filling this in replaces the existing notes of every selected listing."
          error={form.formState.errors.notes?.message}
        >
          <Textarea rows={3} placeholder="No change" {...form.register("notes")} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="marketingFlyerLink" label="Marketing Flyer Link" url />
          <TextField form={form} name="looplinkLink" label="Looplink Link" url />
          <TextField form={form} name="googleDriveLink" label="Google Drive Link" url />
          <TextField form={form} name="dropboxLink" label="Dropbox Link" url />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField form={form} name="propertyType" label="Property Type">
            {options(PROPERTY_TYPES)}
          </ChoiceField>
          <ChoiceField form={form} name="dealStage" label="Deal Stage">
            {options(DEAL_STAGES)}
          </ChoiceField>
          <ChoiceField form={form} name="leaseType" label="Lease Type">
            {options(LEASE_TYPES)}
          </ChoiceField>
          <ChoiceField form={form} name="buildingClass" label="Building Class">
            {options(BUILDING_CLASSES, (v) => `Class ${v}`)}
          </ChoiceField>
          <FormField label="Expiration Date" error={form.formState.errors.expirationDate?.message}>
            <Input type="date" data-testid="bulk-expirationDate" {...form.register("expirationDate")} />
          </FormField>
        </div>
      </div>
      <DialogFooter className="flex-row border-t bg-popover px-5 py-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 [&>button]:flex-1 sm:[&>button]:flex-none">
        <Button variant="outline" onClick={() => cancel(onDone)} disabled={bulkUpdate.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={bulkUpdate.isPending}>
          {bulkUpdate.isPending ? "Updating..." : `Update ${count.toLocaleString()} ${noun}`}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function BulkEditDialog({ open, onOpenChange, ids }: BulkEditDialogProps) {
  const guard = useDiscardGuard();
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange(onOpenChange)}>
      <DialogContent data-testid="bulk-edit-dialog" className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0">
        {/* Mounted only while open, so a cancelled dialog's values never come back. */}
        <DiscardGuardScope guard={guard}>
          <BulkEditForm ids={ids} onDone={() => onOpenChange(false)} />
        </DiscardGuardScope>
      </DialogContent>
    </Dialog>
  );
}
