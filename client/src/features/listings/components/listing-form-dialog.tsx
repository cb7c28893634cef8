import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { newListingSchema, type InsertListing, type ListingFormValues } from "@shared/schema";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { DiscardGuardScope, useDiscardGuard, useGuardedClose, useReportDirty } from "@/components/ui/discard-guard";
import { toast } from "@/components/ui/use-toast";
import { useAgents, type AgentWithCount } from "@/features/agents/api/get-agents";
import { editConflictOf, type WireConflict } from "@/lib/api-client";
import { sameValue } from "@/lib/edit-conflict";
import { applyServerErrors } from "@/lib/form-errors";
import { useCreateListing } from "../api/create-listing";
import type { ListingSummary, ListingWithMeta } from "../api/listing-types";
import { useUpdateListing } from "../api/update-listing";
import { listingFieldLabel } from "../lib/field-label";
import { ListingFieldConflict, type FieldConflictRow, type KeepChoice } from "./listing-field-conflict";
import { useTeammateSave } from "./use-teammate-save";
import { DEAL_FACT_FIELD_ORDER, dealFactsFormValues } from "./deal-facts-section";
import { ListingFormMainImage } from "./listing-form-main-image";
import {
  BasicInformationSection,
  MarketingResourcesSection,
  MediaLinksSection,
  PropertyDetailsSection,
  StatusSection,
} from "./listing-form-sections";

export interface ListingFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * Edit this listing when given; add a new one otherwise. A list item will do (the posts are
   * not edited here), so ListingWithMeta and ListingSummary are both accepted.
   */
  listing?: ListingSummary;
}

// The form's reading order: server errors focus the first of theirs in this order.
const FIELD_ORDER: readonly Path<ListingFormValues>[] = [
  "listingName",
  "address",
  "addressConfidential",
  "city",
  "state",
  "offeringType",
  "marketingCategory",
  "agentId",
  "propertyDescription",
  "notes",
  "marketingCategoryReference",
  ...DEAL_FACT_FIELD_ORDER,
  "marketingFlyerLink",
  "looplinkLink",
  "imageUrl",
  "googleDriveLink",
  "dropboxLink",
  "isActive",
];

const UPLOAD_IN_PROGRESS = "Please wait for the image to finish uploading";

/** Inputs show empty text, never null; selects start unset so their placeholders show. */
function toFormValues(listing: ListingSummary | undefined): ListingFormValues {
  return {
    listingName: listing?.listingName ?? "",
    address: listing?.address ?? "",
    addressConfidential: listing?.addressConfidential ?? false,
    city: listing?.city ?? "",
    state: listing?.state ?? "",
    offeringType: listing?.offeringType ?? ("" as ListingFormValues["offeringType"]),
    marketingCategory: listing?.marketingCategory ?? ("" as ListingFormValues["marketingCategory"]),
    propertyDescription: listing?.propertyDescription ?? "",
    notes: listing?.notes ?? "",
    marketingCategoryReference: listing?.marketingCategoryReference ?? "",
    marketingFlyerLink: listing?.marketingFlyerLink ?? "",
    looplinkLink: listing?.looplinkLink ?? "",
    googleDriveLink: listing?.googleDriveLink ?? "",
    dropboxLink: listing?.dropboxLink ?? "",
    imageUrl: listing?.imageUrl ?? "",
    agentId: listing?.agentId ?? null,
    // Only the edit form has the Status switch; a new listing takes the server's default (active).
    isActive: listing ? listing.isActive : undefined,
    ...dealFactsFormValues(listing),
  };
}

type FormField = (typeof FIELD_ORDER)[number];

/** The fields whose value in the form differs from the listing the edit starts from, in form order. */
function changedFields(opened: ListingFormValues, now: ListingFormValues): FormField[] {
  return FIELD_ORDER.filter((field) => !sameValue(opened[field as keyof ListingFormValues], now[field as keyof ListingFormValues]));
}

/** A form value as the person reads it. */
function shownValue(field: string, value: unknown, agents: AgentWithCount[] | undefined): string {
  if (field === "agentId") return value ? (agents?.find((a) => a.id === value)?.name ?? "(an agent since removed)") : "(no agent)";
  if (field === "isActive") return value ? "Active" : "Not in use";
  return value === "" || value == null ? "(empty)" : String(value);
}

function submitLabel(editing: boolean, saving: boolean, uploading: boolean) {
  if (uploading) return "Uploading...";
  if (editing) return saving ? "Updating..." : "Update Listing";
  return saving ? "Creating..." : "Create Listing";
}

/**
 * Mounted only while the dialog is open, so every opening starts from the listing's current
 * values (or a blank form) and nothing typed into a cancelled dialog comes back.
 */
function ListingForm({ listing, onDone }: { listing?: ListingSummary; onDone(): void }) {
  const editing = Boolean(listing);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ListingFormValues, unknown, InsertListing>({
    resolver: zodResolver(newListingSchema),
    defaultValues: toFormValues(listing),
  });
  const createListing = useCreateListing();
  const updateListing = useUpdateListing();
  const saving = createListing.isPending || updateListing.isPending;
  const { data: agents } = useAgents();
  // The version this edit starts from: the
  // listing the form opened with, or the one a conflict's choices were saved over.
  const [base, setBase] = useState(listing);
  const [conflict, setConflict] = useState<(WireConflict<ListingWithMeta> & { fields: string[] }) | null>(null);
  const teammate = useTeammateSave(base?.id, base?.version);
  useReportDirty(form.formState.isDirty);
  const cancel = useGuardedClose();

  const showServerErrors = (error: unknown) => applyServerErrors(error, form, FIELD_ORDER);

  /** The listing now in the form, with the person's changes kept and `theirs` taking the saved value. */
  const rebase = (current: ListingWithMeta, theirs: readonly string[]) => {
    const saved = toFormValues(current);
    for (const field of theirs) form.setValue(field as FormField, saved[field as keyof ListingFormValues] as never, { shouldDirty: true });
    form.reset(saved, { keepDirtyValues: true });
    setBase(current);
    setConflict(null);
  };

  /** Sends only the fields changed since `from`, with its version as If-Match. */
  const saveEdit = (from: ListingSummary, values: InsertListing) => {
    const fields = changedFields(toFormValues(from), form.getValues());
    if (fields.length === 0) {
      onDone();
      return;
    }
    const changed = Object.fromEntries(fields.map((field) => [field, values[field as keyof InsertListing]])) as Partial<InsertListing>;
    updateListing.mutate(
      { id: from.id, values: changed, wasActive: from.isActive, version: from.version },
      {
        onSuccess: onDone,
        onError: (error) => {
          const found = editConflictOf<ListingWithMeta>(error);
          if (!found) {
            showServerErrors(error);
            return;
          }
          // When the server cannot tell who changed what, it names every field
          // whose saved value differs from the edit's: one still holding what this form started
          // from was changed by no one, and the person's value stands without asking.
          const saved = toFormValues(found.current);
          const opened = toFormValues(from);
          const both = (found.fields ?? fields).filter((field) => !sameValue(saved[field as keyof ListingFormValues], opened[field as keyof ListingFormValues]));
          if (both.length > 0) {
            setConflict({ ...found, fields: both });
            return;
          }
          rebase(found.current, []);
          void form.handleSubmit((again) => saveEdit(found.current, again))();
        },
      },
    );
  };

  const onSubmit = form.handleSubmit((values) => {
    if (uploading) {
      toast({ title: UPLOAD_IN_PROGRESS });
      return;
    }
    if (base) {
      setConflict(null);
      saveEdit(base, values);
    } else {
      createListing.mutate(values, { onSuccess: onDone, onError: showServerErrors });
    }
  });

  /** The person's choice per field: theirs goes into the form, then the rest is saved over their version. */
  const saveChoices = (choices: Record<string, KeepChoice>) => {
    if (!conflict) return;
    const current = conflict.current;
    rebase(current, Object.keys(choices).filter((field) => choices[field] === "theirs"));
    void form.handleSubmit((values) => saveEdit(current, values))();
  };

  const conflictRows = (found: WireConflict<ListingWithMeta> & { fields: string[] }): FieldConflictRow[] => {
    const saved = toFormValues(found.current);
    const mine = form.getValues();
    return FIELD_ORDER.filter((field) => found.fields.includes(field)).map((field) => ({
      field,
      label: field === "isActive" ? "Status" : listingFieldLabel(field),
      theirs: shownValue(field, saved[field as keyof ListingFormValues], agents),
      mine: shownValue(field, mine[field as keyof ListingFormValues], agents),
    }));
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" aria-busy={saving || undefined}>
      <DialogHeader className="border-b px-5 py-4 sm:px-6">
        <DialogTitle>{editing ? "Edit Listing" : "Add New Listing"}</DialogTitle>
        <DialogDescription>
          {editing
            ? "Change the listing's details. Fields marked * are required."
            : "Ten social posts are written for it once it is created. Fields marked * are required."}
        </DialogDescription>
      </DialogHeader>
      <div
        className="grid min-h-0 flex-1 gap-6 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6 [&>section+section]:border-t [&>section+section]:pt-6"
        data-testid="listing-form-body"
      >
        {teammate && !conflict ? (
          <p role="status" data-testid="teammate-saved" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:bg-sky-950/40 dark:text-sky-100">
            <strong>{teammate.by ?? "Someone"}</strong> saved this listing just now. Your changes are not saved yet; when you save, theirs are
            kept in the fields you did not change, and you choose for any field you both changed.
          </p>
        ) : null}
        {conflict ? (
          <ListingFieldConflict
            key={`${conflict.current.version}`}
            changedBy={conflict.changedBy}
            changedAt={conflict.changedAt}
            rows={conflictRows(conflict)}
            busy={updateListing.isPending}
            onSave={saveChoices}
          />
        ) : null}
        <BasicInformationSection form={form} listing={listing} />
        <PropertyDetailsSection form={form} />
        <MarketingResourcesSection form={form} />
        <ListingFormMainImage form={form} uploading={uploading} onUploadingChange={setUploading} />
        <MediaLinksSection form={form} />
        {editing ? <StatusSection form={form} /> : null}
      </div>
      <DialogFooter className="flex-row border-t bg-popover px-5 py-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 [&>button]:flex-1 sm:[&>button]:flex-none">
        <Button variant="outline" onClick={() => cancel(onDone)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving || uploading}>
          {submitLabel(editing, saving, uploading)}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function ListingFormDialog({ open, onOpenChange, listing }: ListingFormDialogProps) {
  const guard = useDiscardGuard();
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange(onOpenChange)}>
      <DialogContent
        data-testid="listing-form-dialog"
        onOpenAutoFocus={(event) => {
          // On touch screens focusing the first field would throw the keyboard over the form.
          if (window.matchMedia("(pointer: coarse)").matches) {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }
        }}
        // Phones get the whole screen: a header, a body that scrolls, and the buttons always in reach.
        className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0 max-sm:inset-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-screen max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:data-[state=closed]:animate-fade-out max-sm:data-[state=open]:animate-fade-in"
      >
        <DiscardGuardScope guard={guard}>
          <ListingForm listing={listing} onDone={() => onOpenChange(false)} />
        </DiscardGuardScope>
      </DialogContent>
    </Dialog>
  );
}
