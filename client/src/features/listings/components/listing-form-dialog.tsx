import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { newListingSchema, type InsertListing, type ListingFormValues } from "@shared/schema";
import { FIELD_LABELS } from "@shared/field-labels";
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
import { EditConflictNotice } from "@/components/ui/edit-conflict-notice";
import { toast } from "@/components/ui/use-toast";
import { editConflictOf, type WireConflict } from "@/lib/api-client";
import { conflictChanges } from "@/lib/edit-conflict";
import { applyServerErrors } from "@/lib/form-errors";
import { useCreateListing } from "../api/create-listing";
import type { ListingSummary, ListingWithMeta } from "../api/listing-types";
import { useUpdateListing } from "../api/update-listing";
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

// "leaseRateUnit" → "Lease rate unit", for fields the label list does not name.
const humanize = (field: string) => field.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()).replace(/ (\w)/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** What changed between the listing the form opened with and the one saved since, in form order. */
function listingChanges(opened: ListingSummary, current: ListingWithMeta) {
  return conflictChanges(
    toFormValues(opened) as Record<string, unknown>,
    toFormValues(current) as Record<string, unknown>,
    FIELD_ORDER,
    (field) => FIELD_LABELS[field] ?? humanize(field),
    (field, value) => (field === "agentId" ? (current.agentName ?? "(no agent)") : value === "" || value == null ? "(empty)" : String(value)),
  ).map((change) => (change.label === "Is active" ? { label: "Status", value: current.isActive ? "Active" : "Not in use" } : change));
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
  // The version this edit starts from (docs/decisions/141-edit-conflict-reply.md): the listing
  // the form opened with, or the one a Reload took in.
  const [base, setBase] = useState(listing);
  const [conflict, setConflict] = useState<WireConflict<ListingWithMeta> | null>(null);
  useReportDirty(form.formState.isDirty);
  const cancel = useGuardedClose();

  const showServerErrors = (error: unknown) => applyServerErrors(error, form, FIELD_ORDER);

  const saveEdit = (edited: ListingSummary, values: InsertListing, version: number) => {
    updateListing.mutate(
      { id: edited.id, values, wasActive: edited.isActive, version },
      {
        onSuccess: onDone,
        onError: (error) => {
          const found = editConflictOf<ListingWithMeta>(error);
          if (found) setConflict(found);
          else showServerErrors(error);
        },
      },
    );
  };

  const reload = () => {
    if (!conflict) return;
    form.reset(toFormValues(conflict.current));
    setBase(conflict.current);
    setConflict(null);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (uploading) {
      toast({ title: UPLOAD_IN_PROGRESS });
      return;
    }
    if (base) {
      setConflict(null);
      saveEdit(base, values, base.version);
    } else {
      createListing.mutate(values, { onSuccess: onDone, onError: showServerErrors });
    }
  });

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
        <BasicInformationSection form={form} listing={listing} />
        <PropertyDetailsSection form={form} />
        <MarketingResourcesSection form={form} />
        <ListingFormMainImage form={form} uploading={uploading} onUploadingChange={setUploading} />
        <MediaLinksSection form={form} />
        {editing ? <StatusSection form={form} /> : null}
      </div>
      {conflict && base ? (
        <div className="max-h-[45dvh] overflow-y-auto border-t px-5 py-3 sm:px-6">
          <EditConflictNotice
            what="listing"
            changedBy={conflict.changedBy}
            changedAt={conflict.changedAt}
            changes={listingChanges(base, conflict.current)}
            busy={updateListing.isPending}
            onReload={reload}
            // What the form holds now, over the version just saved by someone else.
            onOverwrite={form.handleSubmit((values) => saveEdit(conflict.current, values, conflict.current.version))}
          />
        </div>
      ) : null}
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
