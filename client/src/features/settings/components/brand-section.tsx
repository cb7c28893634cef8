import { ImagePlus, Save, Trash2 } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { BRAND_LIMITS, type Brand } from "@shared/brand";
import { HEX_COLOR } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { DiscardGuardScope, useDiscardGuard, useReportDirty } from "@/components/ui/discard-guard";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useUser } from "@/features/auth/api/get-user";
import { LazyImageUploadDialog } from "@/features/images/components/lazy-image-upload-dialog";
import { useBrand } from "../api/get-brand";
import { useUpdateBrand } from "../api/update-brand";

const FIELD_ORDER = ["brokerageName", "phone", "email", "website", "address", "licenseNumber", "logoUrl", "accentColor", "disclaimer"] as const;

const DESCRIPTION = "Printed on every flyer. State advertising rules want the brokerage's name and phone on each one.";

function BrandCard({ children }: { children: ReactNode }) {
  return (
    <Card data-testid="brand-section">
      <CardHeader className="pb-4">
        <h2 className="text-base font-semibold tracking-tight">Brand</h2>
        <CardDescription>{DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The brokerage's brand on the Settings page: admins edit it, everyone else reads it. */
export function BrandSection() {
  const brand = useBrand();
  const { user } = useUser();
  let body;
  if (brand.isPending) body = <Skeleton className="h-40 w-full" aria-label="Loading the brand" />;
  else if (brand.isError) body = <p role="alert" className="text-sm text-destructive">{errorMessage(brand.error, "The brand could not be loaded.")}</p>;
  else if (user?.isAdmin) body = <BrandFormScope brand={brand.data} />;
  else body = <BrandReadOnly brand={brand.data} />;
  return <BrandCard>{body}</BrandCard>;
}

function BrandReadOnly({ brand }: { brand: Brand }) {
  const rows: [string, ReactNode][] = [
    ["Brokerage name", brand.brokerageName],
    ["Phone", brand.phone],
    ["Email", brand.email],
    ["Website", brand.website],
    ["Office address", brand.address],
    ["License number", brand.licenseNumber],
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">Only admins can change the brand.</p>
      {brand.logoUrl ? <img src={brand.logoUrl} alt="Brokerage logo" className="h-12 w-auto max-w-48 object-contain" /> : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value || <span className="text-muted-foreground">Not set</span>}</dd>
          </div>
        ))}
        <dt className="text-muted-foreground">Accent colour</dt>
        <dd className="flex items-center gap-2">
          <span aria-hidden className="size-4 rounded border" style={{ backgroundColor: brand.accentColor }} />
          <span className="font-mono">{brand.accentColor}</span>
        </dd>
        <dt className="text-muted-foreground">Disclaimer</dt>
        <dd>{brand.disclaimer}</dd>
      </dl>
    </div>
  );
}

function BrandFormScope({ brand }: { brand: Brand }) {
  const guard = useDiscardGuard();
  return (
    <DiscardGuardScope guard={guard}>
      <BrandForm brand={brand} />
    </DiscardGuardScope>
  );
}

function BrandForm({ brand }: { brand: Brand }) {
  const form = useForm<Brand>({ defaultValues: brand });
  const update = useUpdateBrand();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const logoUrl = useWatch({ control: form.control, name: "logoUrl" });
  const accent = useWatch({ control: form.control, name: "accentColor" });
  const { isDirty, errors } = form.formState;
  useReportDirty(isDirty);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => form.reset(saved),
      onError: (error) => applyServerErrors(error, form, FIELD_ORDER),
    }),
  );
  const text = (name: keyof Brand, label: string, props: { type?: string; maxLength?: number; autoComplete?: string; inputMode?: "tel" | "email" | "url" } = {}) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input {...form.register(name)} {...props} />
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Brand">
      <div className="grid gap-4 sm:grid-cols-2">
        {text("brokerageName", "Brokerage name", { maxLength: 200, autoComplete: "organization" })}
        {text("phone", "Phone", { type: "tel", inputMode: "tel", maxLength: 40 })}
        {text("email", "Email", { type: "email", inputMode: "email", maxLength: 254 })}
        {text("website", "Website", { inputMode: "url", maxLength: 2048 })}
        {text("address", "Office address", { maxLength: BRAND_LIMITS.address })}
        {text("licenseNumber", "License number", { maxLength: BRAND_LIMITS.licenseNumber })}
      </div>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium leading-none">Logo</span>
        <div className="flex flex-wrap items-center gap-3">
          {logoUrl ? (
            <img src={logoUrl} alt="Brokerage logo" className="h-12 w-auto max-w-48 rounded border object-contain p-1" />
          ) : (
            <span className="text-sm text-muted-foreground">No logo yet.</span>
          )}
          <Button ref={uploadButton} type="button" variant="outline" size="sm" loading={uploading} aria-haspopup="dialog" onClick={() => setUploadOpen(true)}>
            {uploading ? null : <ImagePlus aria-hidden />}
            {logoUrl ? "Replace Logo" : "Upload Logo"}
          </Button>
          {logoUrl ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => form.setValue("logoUrl", "", { shouldDirty: true })}>
              <Trash2 aria-hidden />
              Remove Logo
            </Button>
          ) : null}
        </div>
        {errors.logoUrl ? <p className="text-xs font-medium text-destructive">{errors.logoUrl.message}</p> : null}
      </div>
      <FormField label="Accent colour" error={errors.accentColor?.message} hint="The flyer's headline band and rules.">
        <Input {...form.register("accentColor")} maxLength={7} spellCheck={false} autoComplete="off" className="w-28 font-mono uppercase" />
      </FormField>
      <span aria-hidden data-testid="brand-accent-swatch" className="-mt-2 h-2 w-28 rounded" style={{ backgroundColor: HEX_COLOR.test(accent) ? accent : brand.accentColor }} />
      <FormField label="Disclaimer" error={errors.disclaimer?.message} hint="Left empty, flyers carry the default.">
        <Textarea {...form.register("disclaimer")} rows={2} maxLength={BRAND_LIMITS.disclaimer} />
      </FormField>
      <div>
        <Button type="submit" loading={update.isPending} disabled={!isDirty || uploading}>
          {update.isPending ? null : <Save aria-hidden />}
          {update.isPending ? "Saving..." : "Save Brand"}
        </Button>
      </div>
      <LazyImageUploadDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        onUploaded={(url) => form.setValue("logoUrl", url, { shouldDirty: true })}
        onUploadingChange={setUploading}
        returnFocusRef={uploadButton}
      />
    </form>
  );
}
